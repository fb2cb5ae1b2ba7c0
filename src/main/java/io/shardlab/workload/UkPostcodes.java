package io.shardlab.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generated UK postcodes in the real format, at the published counts, for lessons on key
 * granularity. ShardLab ships no UK postcode list: these postcodes are <em>generated</em>, seeded
 * and deterministic, and most of them do not exist.
 *
 * <p>Format (Royal Mail): outward code = <em>area</em> (the 124 real area codes, one or two
 * letters, e.g. {@code AB}) + <em>district</em> (a number, e.g. {@code AB10}); then a space and the
 * inward code = <em>sector</em> (one digit 0–9) + <em>unit</em> (two letters from the 20 Royal Mail
 * uses in inward codes, never C, I, K, M, O or V), e.g. {@code AB10 1AX}. (Letter-suffixed central
 * London districts such as {@code EC1A} are not generated.)
 *
 * <p>Counts: 124 areas, about 2,900 districts, about 9,650 sectors and about 1.71 million unit
 * postcodes (Cabinet Office figures, as quoted with the Ordnance Survey's definition of a postcode
 * unit: "an average of 15 addresses … the maximum number of addresses in a postcode is 100",
 * data.ordnancesurvey.co.uk/ontology/postcode/PostcodeUnit). Each area draws 13–34 districts, each
 * district 1–6 sectors, each sector 100–240 units and each unit 1–100 addresses (mean about 15),
 * uniformly except the addresses, which are exponential with mean 14 plus one, capped at 100.
 */
public final class UkPostcodes {

    /** The 124 geographic postcode areas of the UK, Channel Islands and Isle of Man. */
    static final List<String> AREAS = List.of(
            "AB", "AL", "B", "BA", "BB", "BD", "BH", "BL", "BN", "BR", "BS", "BT", "CA", "CB", "CF", "CH", "CM", "CO",
            "CR", "CT", "CV", "CW", "DA", "DD", "DE", "DG", "DH", "DL", "DN", "DT", "DY", "E", "EC", "EH", "EN", "EX",
            "FK", "FY", "G", "GL", "GU", "GY", "HA", "HD", "HG", "HP", "HR", "HS", "HU", "HX", "IG", "IM", "IP", "IV",
            "JE", "KA", "KT", "KW", "KY", "L", "LA", "LD", "LE", "LL", "LN", "LS", "LU", "M", "ME", "MK", "ML", "N",
            "NE", "NG", "NN", "NP", "NR", "NW", "OL", "OX", "PA", "PE", "PH", "PL", "PO", "PR", "RG", "RH", "RM", "S",
            "SA", "SE", "SG", "SK", "SL", "SM", "SN", "SO", "SP", "SR", "SS", "ST", "SW", "SY", "TA", "TD", "TF", "TN",
            "TQ", "TR", "TS", "TW", "UB", "W", "WA", "WC", "WD", "WF", "WN", "WR", "WS", "WV", "YO", "ZE");

    /** The letters of an inward code's unit (Royal Mail leaves out C, I, K, M, O and V). */
    static final String UNIT_LETTERS = "ABDEFGHJLNPQRSTUWXYZ";

    /** The most addresses one unit postcode covers (Ordnance Survey). */
    public static final int MAX_ADDRESSES = 100;

    /** One generated unit postcode and how many addresses it covers. */
    public record Unit(String postcode, int addresses) {}

    private final long seed;

    /** @param seed the same seed gives the same postcodes and counts */
    public UkPostcodes(long seed) {
        this.seed = seed;
    }

    /** The unit postcodes of area {@code AREAS.get(index)}, district by district, sector by sector. */
    List<Unit> area(int index) {
        String area = AREAS.get(index);
        SplittableRandom random = new SplittableRandom(seed * 1_000_003L + index);
        List<Unit> units = new ArrayList<>();
        int districts = 13 + random.nextInt(22);
        for (int d = 1; d <= districts; d++) {
            int sectors = 1 + random.nextInt(6);
            int firstSector = random.nextInt(10 - sectors + 1);
            for (int s = firstSector; s < firstSector + sectors; s++) {
                int count = 100 + random.nextInt(141);
                boolean[] taken = new boolean[UNIT_LETTERS.length() * UNIT_LETTERS.length()];
                for (int u = 0; u < count; u++) {
                    int code = random.nextInt(taken.length);
                    while (taken[code]) {
                        code = (code + 1) % taken.length;
                    }
                    taken[code] = true;
                    String unit = "" + UNIT_LETTERS.charAt(code / UNIT_LETTERS.length())
                            + UNIT_LETTERS.charAt(code % UNIT_LETTERS.length());
                    units.add(new Unit(area + d + " " + s + unit, addresses(random)));
                }
            }
        }
        return units;
    }

    private static int addresses(SplittableRandom random) {
        double exponential = -14.0 * Math.log(1.0 - random.nextDouble());
        return (int) Math.min(MAX_ADDRESSES, 1 + Math.floor(exponential));
    }

    /** Every generated unit postcode of the country, area by area in {@link #AREAS} order. */
    public List<Unit> all() {
        List<Unit> all = new ArrayList<>(1_800_000);
        for (int i = 0; i < AREAS.size(); i++) {
            all.addAll(area(i));
        }
        return all;
    }

    /**
     * The first unit postcodes, area by area from the first, that together cover at least
     * {@code addresses} addresses: a region's address book.
     */
    public List<Unit> coveringAtLeast(long addresses) {
        List<Unit> out = new ArrayList<>();
        long covered = 0;
        for (int i = 0; i < AREAS.size() && covered < addresses; i++) {
            for (Unit u : area(i)) {
                if (covered >= addresses) {
                    break;
                }
                out.add(u);
                covered += u.addresses();
            }
        }
        return out;
    }
}
