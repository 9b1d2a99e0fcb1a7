/// How long a text stays up to be read, as ProgressHUD times it: 1.25 s + 0.03 s a character, capped so a long text
/// cannot keep it up for minutes. (SVProgressHUD's 5 s minimum is too long for a volume or brightness flash.)
/// `--hide-after auto` and the end of `x11hud run` use it.
public enum ReadingTime {
    public static func seconds(label: String, details: String) -> Double {
        min(1.25 + 0.03 * Double(label.count + details.count), 10)
    }
}
