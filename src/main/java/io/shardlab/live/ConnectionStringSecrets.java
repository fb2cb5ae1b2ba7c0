package io.shardlab.live;

import io.shardlab.text.Message;
import io.shardlab.text.RefusedInput;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The secrets inside a MongoDB connection string, and the forms of the string that are safe to
 * show or keep.
 *
 * <p>A connection string is {@code mongodb[+srv]://[user[:password]@]host[,host…][/db][?options]}
 * (MongoDB connection string specification; the Java driver's {@code ConnectionString} splits the
 * user information off at the last {@code '@'} of the authority). Secrets are the password and the
 * values of the options that carry one: {@code tlsCertificateKeyFilePassword} and the
 * {@code AWS_SESSION_TOKEN} of {@code authMechanismProperties}.
 *
 * <ul>
 *   <li>{@link #mask} shows the string with every secret replaced by {@code ****}, e.g.
 *       {@code mongodb://dba:****@db1:27017/?authSource=admin}: what a dialog, a log line or an
 *       error message may show.</li>
 *   <li>{@link #withoutSecrets} drops the secrets entirely, e.g. {@code mongodb://dba@db1:27017/}:
 *       what "recent connections" may remember.</li>
 *   <li>{@link #redact} removes the password (raw and percent-decoded) from any text, e.g. a
 *       driver exception message, as a second line of defence.</li>
 * </ul>
 *
 * <p>Text that is not a connection string is masked as a whole, because it may hold anything.
 */
public final class ConnectionStringSecrets {

    /** What replaces a secret. */
    public static final String MASK = "****";

    private static final List<String> SCHEMES = List.of("mongodb://", "mongodb+srv://");
    private static final Set<String> SECRET_OPTIONS = Set.of("tlscertificatekeyfilepassword");
    private static final String AWS_TOKEN = "AWS_SESSION_TOKEN";

    private ConnectionStringSecrets() {}

    /** The string with the password and secret option values replaced by {@value #MASK}. */
    public static String mask(String connectionString) {
        Parts p = Parts.of(connectionString);
        if (p == null) {
            return connectionString == null || connectionString.isEmpty() ? "" : MASK;
        }
        StringBuilder out = new StringBuilder(p.scheme);
        if (p.user != null) {
            out.append(p.user);
            if (p.password != null) {
                out.append(':').append(MASK);
            }
            out.append('@');
        }
        out.append(p.hostsAndPath);
        appendOptions(out, p.options, true);
        return out.toString();
    }

    /** The string with the password and secret options removed: what may be remembered on disk. */
    public static String withoutSecrets(String connectionString) {
        Parts p = Parts.required(connectionString);
        StringBuilder out = new StringBuilder(p.scheme);
        if (p.user != null) {
            out.append(p.user).append('@');
        }
        out.append(p.hostsAndPath);
        appendOptions(out, p.options, false);
        return out.toString();
    }

    /** The string without user information or secret options: what a saved file may name as its source. */
    public static String withoutCredentials(String connectionString) {
        Parts p = Parts.required(connectionString);
        StringBuilder out = new StringBuilder(p.scheme).append(p.hostsAndPath);
        appendOptions(out, p.options, false);
        return out.toString();
    }

    /**
     * The string with {@code password} (percent-encoded) as the password of the user it names,
     * replacing any password it had: how a password typed into a separate field joins the string.
     *
     * @throws IllegalArgumentException when the text is not a connection string or names no user
     */
    public static String withPassword(String connectionString, String password) {
        Parts p = Parts.required(connectionString);
        if (p.user == null || p.user.isEmpty()) {
            throw new RefusedInput(Message.of("live.refused.passwordWithoutUser", p.scheme, p.hostsAndPath));
        }
        String encoded = URLEncoder.encode(password, StandardCharsets.UTF_8).replace("+", "%20");
        return p.scheme + p.user + ":" + encoded + "@" + p.hostsAndPath
                + (p.options.isEmpty() ? "" : "?" + String.join("&", p.options));
    }

    /** Whether the string carries a password in its user information. */
    public static boolean hasPassword(String connectionString) {
        Parts p = Parts.of(connectionString);
        return p != null && p.password != null && !p.password.isEmpty();
    }

    /** Whether the string starts with a MongoDB scheme. */
    public static boolean isConnectionString(String text) {
        return Parts.of(text) != null;
    }

    /**
     * {@code text} with every occurrence of the connection string's password (as written and
     * percent-decoded) and of its secret option values replaced by {@value #MASK}, and any copy of
     * the connection string itself masked.
     */
    public static String redact(String text, String connectionString) {
        if (text == null) {
            return null;
        }
        String result = text;
        if (connectionString != null && !connectionString.isEmpty()) {
            result = result.replace(connectionString, mask(connectionString));
        }
        for (String secret : secrets(connectionString)) {
            if (secret.length() >= 1) {
                result = result.replace(secret, MASK);
            }
        }
        return result;
    }

    /** The secret values of the string, as written and decoded; empty when it has none. */
    static List<String> secrets(String connectionString) {
        List<String> out = new ArrayList<>();
        Parts p = Parts.of(connectionString);
        if (p == null) {
            return out;
        }
        if (p.password != null && !p.password.isEmpty()) {
            out.add(p.password);
            String decoded = decode(p.password);
            if (!decoded.equals(p.password)) {
                out.add(decoded);
            }
        }
        for (String option : p.options) {
            int eq = option.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String key = option.substring(0, eq).toLowerCase(Locale.ROOT);
            String value = option.substring(eq + 1);
            if (SECRET_OPTIONS.contains(key) && !value.isEmpty()) {
                out.add(value);
                out.add(decode(value));
            } else if (key.equals("authmechanismproperties")) {
                String token = awsToken(decode(value));
                if (token != null && !token.isEmpty()) {
                    out.add(token);
                }
            }
        }
        return out;
    }

    private static void appendOptions(StringBuilder out, List<String> options, boolean keepMasked) {
        List<String> kept = new ArrayList<>();
        for (String option : options) {
            int eq = option.indexOf('=');
            String key = (eq < 0 ? option : option.substring(0, eq)).toLowerCase(Locale.ROOT);
            if (SECRET_OPTIONS.contains(key)) {
                if (keepMasked) {
                    kept.add(option.substring(0, eq < 0 ? option.length() : eq) + "=" + MASK);
                }
            } else if (key.equals("authmechanismproperties") && eq >= 0) {
                String decoded = decode(option.substring(eq + 1));
                if (awsToken(decoded) == null) {
                    kept.add(option);
                } else {
                    String rewritten = rewriteAwsToken(decoded, keepMasked);
                    if (!rewritten.isEmpty()) {
                        kept.add(option.substring(0, eq) + "=" + rewritten);
                    }
                }
            } else {
                kept.add(option);
            }
        }
        if (!kept.isEmpty()) {
            out.append('?').append(String.join("&", kept));
        }
    }

    private static String awsToken(String properties) {
        for (String pair : properties.split(",")) {
            int colon = pair.indexOf(':');
            if (colon > 0 && pair.substring(0, colon).equals(AWS_TOKEN)) {
                return pair.substring(colon + 1);
            }
        }
        return null;
    }

    private static String rewriteAwsToken(String properties, boolean keepMasked) {
        List<String> pairs = new ArrayList<>();
        for (String pair : properties.split(",")) {
            if (pair.startsWith(AWS_TOKEN + ":")) {
                if (keepMasked) {
                    pairs.add(AWS_TOKEN + ":" + MASK);
                }
            } else {
                pairs.add(pair);
            }
        }
        return String.join(",", pairs);
    }

    private static String decode(String text) {
        try {
            return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return text;
        }
    }

    /** The pieces of a connection string; null when the text has no MongoDB scheme. */
    private record Parts(String scheme, String user, String password, String hostsAndPath, List<String> options) {

        /**
         * The parts of {@code text}.
         *
         * @throws IllegalArgumentException naming the input (masked) when it is not a connection string
         */
        static Parts required(String text) {
            Parts p = of(text);
            if (p == null) {
                throw new RefusedInput(Message.of("live.refused.notAConnectionString", mask(text)));
            }
            return p;
        }

        static Parts of(String text) {
            if (text == null) {
                return null;
            }
            String scheme = null;
            for (String s : SCHEMES) {
                if (text.regionMatches(true, 0, s, 0, s.length())) {
                    scheme = text.substring(0, s.length());
                }
            }
            if (scheme == null) {
                return null;
            }
            String rest = text.substring(scheme.length());
            int question = rest.indexOf('?');
            String beforeOptions = question < 0 ? rest : rest.substring(0, question);
            String optionText = question < 0 ? "" : rest.substring(question + 1);
            // The user information ends at the last '@' before the options: a password with a raw
            // '/' or '@' is still masked whole rather than leaking its tail.
            int at = beforeOptions.lastIndexOf('@');
            String user = null;
            String password = null;
            String hosts = beforeOptions;
            if (at >= 0) {
                String userInfo = beforeOptions.substring(0, at);
                hosts = beforeOptions.substring(at + 1);
                int colon = userInfo.indexOf(':');
                if (colon < 0) {
                    user = userInfo;
                } else {
                    user = userInfo.substring(0, colon);
                    password = userInfo.substring(colon + 1);
                }
            }
            List<String> options = new ArrayList<>();
            for (String option : optionText.split("[&;]")) {
                if (!option.isEmpty()) {
                    options.add(option);
                }
            }
            return new Parts(scheme, user, password, hosts, options);
        }
    }
}
