@testable import HUDConfig
import HUDScene
import Testing

/// A mako user's config read on Wayland: top-level keys the look of every notification, `[urgency=…]` an
/// urgency's, other criteria rules.
@Suite struct MakoConfigTests {
    let path = "/home/me/.config/mako/config"

    let config = """
        font=DejaVu Sans 10
        background-color=#285577FF
        text-color=#ffffff
        border-size=3
        border-color=#4C7899
        border-radius=6
        width=320
        margin=20,24
        padding=8
        default-timeout=5000
        anchor=top-right
        max-visible=3
        on-button-right=dismiss-all

        [urgency=high]
        background-color=#900000
        default-timeout=0

        [app-name=Spotify]
        invisible=1

        [app-name="Some App" urgency=low]
        text-color=#888888

        [mode=do-not-disturb]
        invisible=1

        [actionable]
        border-color=#ff0000
        """

    @Test func theTopLevelIsEveryUrgencysLookAndTheCriteriaRules() throws {
        let imported = MakoConfig.read([(path, config)])
        let s = imported.settings
        let (blue, red, white) = (try RGBA(hex: "#285577FF"), try RGBA(hex: "#900000"), try RGBA(hex: "#ffffff"))
        #expect(s.width == 320 && s.frameWidth == 3 && s.cornerRadius == 6)
        #expect(s.position == .topRight)
        #expect(s.offset == Point(x: 24, y: 20), "mako's margin is the distance from the edges: top 20, right 24")
        #expect(s.gap == 20)
        #expect(s.timeout == 5)
        #expect(s.maxVisible == 3)
        #expect(s.mouseRight == .closeAll)
        #expect(s.urgency[.low]?.bezelColor == blue && s.urgency[.normal]?.contentColor == white)
        #expect(s.urgency[.critical]?.bezelColor == red, "[urgency=high] over the top level")
        #expect(s.urgency[.critical]?.frameColor == (try RGBA(hex: "#4C7899")))
        #expect(s.rules.count == 2)
        #expect(s.rules[0].globs == [.appName: "Spotify"] && s.rules[0].skipDisplay)
        #expect(s.rules[1].globs == [.appName: "Some App"] && s.rules[1].matchUrgency == .low)
        let font = try FontSpec("DejaVu Sans Bold 13.3")
        #expect(s.font == font)
        // mako's colours are bare: no comment after a value.
        #expect(s.padding == 11, "mako's 8 inside its 3-wide border")
        #expect(imported.warnings.map(\.key) == ["[mode]", "[actionable]"])
    }

    @Test func paddingIsInsideTheBorderAndProgressColorIsTheBars() throws {
        let imported = MakoConfig.read([(path, """
            border-size=4
            padding=10,6
            progress-color=over #5588AAFF
            [urgency=high]
            progress-color=#ff0000
            border-size=6
            [app-name=Spotify]
            progress-color=source #00ff00
            border-size=1
            max-icon-size=600
            """)])
        let s = imported.settings
        #expect(s.padding == 14 && s.horizontalPadding == 10, "mako's 10 above and 6 at the sides, in a 4 border")
        let (steel, red, green) = (try RGBA(hex: "#5588AAFF"), try RGBA(hex: "#ff0000"), try RGBA(hex: "#00ff00"))
        #expect(s.urgency[.low]?.progressColor == steel && s.urgency[.normal]?.progressColor == steel)
        #expect(s.urgency[.critical]?.progressColor == red, "[urgency=high] over the top level")
        #expect(s.rules.first?.look.values["progress-color"] == .color(green))
        #expect(s.urgency[.critical]?.frameWidth == 6 && s.urgency[.normal]?.frameWidth == nil && s.frameWidth == 4)
        #expect(s.rules.first?.look.values["frame-width"] == .number(1))
        #expect(s.rules.first?.look.values["icon-size"] == .number(512), "the nearest in icon-size's range")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        let right = MakoConfig.read([(path, "icon-location=right\n")])
        #expect(right.settings.iconPosition == .right && right.warnings.isEmpty)
        #expect(MakoConfig.read([(path, "icon-location=top\n")]).warnings.map(\.key) == ["icon-location"])
        let uneven = MakoConfig.read([(path, "padding=1,2,3,4\n")])
        #expect(uneven.settings.padding == 4 && uneven.settings.horizontalPadding == 5, "averages, and a 2 border")
        #expect(uneven.warnings.map(\.key) == ["padding"])
    }

    @Test func criteriaAndDirectionalValuesReadAsMakoWritesThem() {
        #expect(MakoMapping.criteria("app-name=\"Some App\" urgency=low")?.map { "\($0.0):\($0.1)" }
            == ["app-name:Some App", "urgency:low"])
        #expect(MakoMapping.criteria("summary~=^foo") == nil)
        #expect(MakoMapping.criteria("hidden") == nil)
        #expect(MakoMapping.directional("10") == [10, 10, 10, 10])
        #expect(MakoMapping.directional("1,2") == [1, 2, 1, 2])
        #expect(MakoMapping.directional("1,2,3,4") == [1, 2, 3, 4])
        #expect(MakoMapping.exact("a*b?") == "a[*]b[?]")
    }
}
