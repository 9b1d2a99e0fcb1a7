import ArgumentParser
import HUDConfig

/// One option of a command as `FastParser` reads it: its long names, whether it takes a value, and what it does to
/// the command's value.
///
/// A command read here must be the value ArgumentParser's decoding makes, down to the last property: a property
/// wrapper left unset traps when it is read. So each option also sets its property's value for when it is not given
/// (`reset`); the equivalence test (FastParserTests) compares every property with ArgumentParser's.
struct FastOption<Root> {
    /// The long names, without `--`.
    let names: [String]
    /// The option takes a value: the next argument, or the text after `=`.
    let takesValue: Bool
    /// Sets the property to its value when the option is not given.
    let reset: (inout Root) -> Void
    /// Sets the property from the option's value (a flag gets none); throws where ArgumentParser refuses the value.
    let apply: (inout Root, String) throws -> Void

    /// A flag: false unless given.
    static func flag(_ name: String, _ set: @escaping (inout Root, Bool) -> Void) -> FastOption {
        FastOption(names: [name], takesValue: false, reset: { set(&$0, false) }, apply: { root, _ in set(&root, true) })
    }

    /// A flag with its inversion (`--pty` and `--no-pty`: ArgumentParser's `inversion: .prefixedNo`, which declares
    /// two flags) on a `Bool?`: nil unless one is given, else the last one given (its exclusivity, `.chooseLast`).
    static func inverted(_ name: String, _ set: @escaping (inout Root, Bool?) -> Void) -> [FastOption] {
        [true, false].map { value in
            FastOption(names: [value ? name : "no-" + name], takesValue: false, reset: { set(&$0, nil) },
                       apply: { root, _ in set(&root, value) })
        }
    }

    /// A setting's option, named as `NameSpecification.setting` names it: `set` reads its value as its `@Option`
    /// does, and gets nil to reset.
    static func setting(_ key: ConfigKey, _ set: @escaping (inout Root, ConfigKey, String?) throws -> Void)
        -> FastOption {
        FastOption(names: [key.rawValue], takesValue: true, reset: { try? set(&$0, key, nil) },
                   apply: { try set(&$0, key, $1) })
    }

    /// An option whose value `parse` reads as the ArgumentParser option's transform or `init(argument:)` does; `set`
    /// gets nil to reset.
    static func value<T>(_ names: String..., parse: @escaping (String) throws -> T,
                         set: @escaping (inout Root, T?) -> Void) -> FastOption {
        FastOption(names: names, takesValue: true, reset: { set(&$0, nil) },
                   apply: { root, text in set(&root, try parse(text)) })
    }

    /// An option of a type ArgumentParser reads with `init(argument:)` (the enumerations); `set` gets nil to reset.
    static func argument<T: ExpressibleByArgument>(_ names: String...,
                                                   set: @escaping (inout Root, T?) -> Void) -> FastOption {
        FastOption(names: names, takesValue: true, reset: { set(&$0, nil) },
                   apply: { root, text in set(&root, try parseArgument(text)) })
    }

    /// An option that takes any text; `set` gets nil to reset.
    static func text(_ names: String..., set: @escaping (inout Root, String?) -> Void) -> FastOption {
        FastOption(names: names, takesValue: true, reset: { set(&$0, nil) }, apply: { root, text in set(&root, text) })
    }

    /// The same option on a group held in a larger value: `group` hands `ShowCommand.hud` to its closure. (A key
    /// path would do, but making the first key path costs the runtime 0.15 M instructions before the map.)
    func lifted<Whole>(_ group: @escaping (inout Whole, (inout Root) throws -> Void) throws -> Void)
        -> FastOption<Whole> {
        let (reset, apply) = (self.reset, self.apply)
        return FastOption<Whole>(names: names, takesValue: takesValue, reset: { try? group(&$0) { reset(&$0) } },
                                 apply: { whole, text in try group(&whole) { try apply(&$0, text) } })
    }
}

/// A value `init(argument:)` refuses: ArgumentParser then says why, so the fast parser only needs to know that.
struct FastParseRefusal: Error {}

/// An ArgumentParser value type read as ArgumentParser reads it.
func parseArgument<T: ExpressibleByArgument>(_ text: String) throws -> T {
    guard let value = T(argument: text) else { throw FastParseRefusal() }
    return value
}
