package io.shardlab.serve;

import io.shardlab.mongos.HostMachine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;

/**
 * The machine this JVM runs on, read from the JVM and, for the process's resident and virtual
 * memory, from Linux's {@code /proc/self/status} (mongo {@code src/mongo/util/processinfo_linux.cpp}
 * reads the same file); elsewhere those two are unknown, as {@code mem.supported: false} says.
 */
final class ThisMachine implements HostMachine {

    private static final Path STATUS = Path.of("/proc/self/status");

    private final String hostName = hostNameOrLocalhost();

    @Override
    public String hostName() {
        return hostName;
    }

    private static String hostNameOrLocalhost() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    /**
     * The addresses other machines can reach this one by: those of every network interface that is up,
     * not loopback and not point-to-point, IPv4 first; IPv6 link-local addresses (which need a zone to
     * be used) left out. Empty when the interfaces cannot be read.
     */
    List<InetAddress> reachableAddresses() {
        List<InetAddress> out = new ArrayList<>();
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!nic.isUp() || nic.isLoopback() || nic.isPointToPoint()) {
                    continue;
                }
                for (InetAddress a : Collections.list(nic.getInetAddresses())) {
                    if (!a.isLinkLocalAddress() && !a.isLoopbackAddress()) {
                        out.add(a);
                    }
                }
            }
        } catch (SocketException e) {
            return List.of();
        }
        out.sort(Comparator.comparing((InetAddress a) -> !(a instanceof Inet4Address)));
        return List.copyOf(out);
    }

    /** Every address of this machine's interfaces, loopback and link-local included. */
    List<InetAddress> ownAddresses() {
        List<InetAddress> out = new ArrayList<>();
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                out.addAll(Collections.list(nic.getInetAddresses()));
            }
        } catch (SocketException e) {
            // loopback still counts as this machine's (ClientConnections)
        }
        return List.copyOf(out);
    }

    /** Whether {@code address} is this machine's: loopback, the wildcard, or an address of one of its interfaces. */
    boolean isOwn(InetAddress address) {
        if (address.isLoopbackAddress() || address.isAnyLocalAddress()) {
            return true;
        }
        try {
            return NetworkInterface.getByInetAddress(address) != null;
        } catch (SocketException e) {
            return false;
        }
    }

    @Override
    public long pid() {
        return ProcessHandle.current().pid();
    }

    @Override
    public String osType() {
        String os = osName();
        return os.startsWith("Windows") ? "Windows" : os.startsWith("Mac") ? "Darwin" : os;
    }

    @Override
    public String osName() {
        return System.getProperty("os.name", "unknown");
    }

    @Override
    public String osVersion() {
        return System.getProperty("os.version", "unknown");
    }

    @Override
    public String cpuArch() {
        String arch = System.getProperty("os.arch", "unknown");
        return "amd64".equals(arch) ? "x86_64" : arch;
    }

    @Override
    public int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    @Override
    public long memSizeMB() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean bean) {
            return bean.getTotalMemorySize() >> 20;
        }
        return 0;
    }

    @Override
    public OptionalLong residentMB() {
        return statusMebibytes("VmRSS:");
    }

    @Override
    public OptionalLong virtualMB() {
        return statusMebibytes("VmSize:");
    }

    /** A {@code kB} field of the status file, in MiB. */
    private static OptionalLong statusMebibytes(String field) {
        if (!Files.isReadable(STATUS)) {
            return OptionalLong.empty();
        }
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith(field)) {
                    String[] parts = line.substring(field.length()).trim().split("\\s+");
                    return OptionalLong.of(Long.parseLong(parts[0]) >> 10);
                }
            }
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
        return OptionalLong.empty();
    }
}
