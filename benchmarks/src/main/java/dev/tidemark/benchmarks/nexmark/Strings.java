package dev.tidemark.benchmarks.nexmark;

/**
 * The generator's strings: random letters, padding cut from one fixed random text, credit card
 * numbers, and the bid channels (four hot ones, half the bids, and 10,000 others) with their URLs,
 * made once from a fixed seed so that they are the same in every JVM.
 */
final class Strings {

    private static final int CHANNELS = 10_000;
    private static final String[] HOT_CHANNELS = {"Google", "Facebook", "Baidu", "Apple"};
    private static final String[] CHANNEL_NAMES = new String[HOT_CHANNELS.length + CHANNELS];
    private static final String[] CHANNEL_URLS = new String[HOT_CHANNELS.length + CHANNELS];
    private static final String[] FOUR_DIGITS = new String[10_000];
    private static final String PADDING;

    static {
        EventRandom fixed = new EventRandom(0x4E45584D41524BL);
        fixed.reset(0);
        StringBuilder text = new StringBuilder(1 << 20);
        for (int i = 0; i < 1 << 20; i++) {
            text.append((char) ('a' + fixed.nextInt(26)));
        }
        PADDING = text.toString();
        for (int i = 0; i < HOT_CHANNELS.length; i++) {
            CHANNEL_NAMES[i] = HOT_CHANNELS[i];
            CHANNEL_URLS[i] = url(fixed);
        }
        for (int i = 0; i < CHANNELS; i++) {
            String url = url(fixed);
            CHANNEL_NAMES[HOT_CHANNELS.length + i] = "channel-" + i;
            CHANNEL_URLS[HOT_CHANNELS.length + i] = fixed.nextInt(10) > 0 ? url + "&channel_id=" + Math.abs(Integer.reverse(i))
                    : url;
        }
        for (int i = 0; i < FOUR_DIGITS.length; i++) {
            FOUR_DIGITS[i] = String.format("%04d", i);
        }
    }

    private Strings() {}

    private static String url(EventRandom random) {
        return "https://www.nexmark.com/" + letters(random, 5, '_') + '/' + letters(random, 5, '_') + '/'
                + letters(random, 5, '_') + "/item.htm?query=1";
    }

    /** {@code length} letters, each one {@code special} with probability 1/13, trimmed. */
    static String letters(EventRandom random, int length, char special) {
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = random.nextInt(13) == 0 ? special : (char) ('a' + random.nextInt(26));
        }
        return new String(chars).trim();
    }

    /** {@code length} letters of padding. */
    static String padding(EventRandom random, int length) {
        int offset = random.nextInt(PADDING.length() - length);
        return PADDING.substring(offset, offset + length);
    }

    static String creditCard(EventRandom random) {
        return FOUR_DIGITS[random.nextInt(FOUR_DIGITS.length)] + ' ' + FOUR_DIGITS[random.nextInt(FOUR_DIGITS.length)]
                + ' ' + FOUR_DIGITS[random.nextInt(FOUR_DIGITS.length)] + ' '
                + FOUR_DIGITS[random.nextInt(FOUR_DIGITS.length)];
    }

    /** A bid's channel: a hot one half the time, else any of the others. */
    static int channel(EventRandom random) {
        return random.nextInt(2) > 0 ? random.nextInt(HOT_CHANNELS.length) : HOT_CHANNELS.length + random.nextInt(CHANNELS);
    }

    static String channelName(int channel) {
        return CHANNEL_NAMES[channel];
    }

    static String channelUrl(int channel) {
        return CHANNEL_URLS[channel];
    }
}
