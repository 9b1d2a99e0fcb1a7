import HUDBase

/// The user's dunst configuration, found as dunst finds it and layered as dunst layers it, for a dunst user whose
/// look x11hud takes over: `$XDG_CONFIG_HOME/dunst/dunstrc` (else `~/.config/dunst/dunstrc`), then each
/// `dunstrc.d/*.conf` beside it in the order of their names, a later file's key over an earlier one's in the same
/// section. The system's `/etc/xdg/dunst/dunstrc` is not read: it is dunst's look, not the user's.
public enum DunstConfig {
    /// The files to read, in order; empty when the user has none.
    public static func paths(environment: [String: String]) -> [String] {
        guard let dir = XDGBaseDirectory.configFile("dunst", environment: environment) else { return [] }
        let main = dir + "/dunstrc"
        let drop = dir + "/dunstrc.d"
        let dropIns = (FileSystem.entries(ofDirectory: drop) ?? []).filter { $0.hasSuffix(".conf") }.sorted()
            .map { drop + "/" + $0 }
        return ([main] + dropIns).filter(FileSystem.exists)
    }

    /// Reads the user's files and maps them; nil when there are none. A file that cannot be read is a warning.
    public static func load(environment: [String: String]) -> ImportedNotifications? {
        load(paths(environment: environment), read: read)
    }

    /// Reads the files at `paths` and maps them with `read`; nil when there are none. A file that cannot be read
    /// is a warning.
    static func load(_ paths: [String], read: ([(path: String, text: String)]) -> ImportedNotifications)
        -> ImportedNotifications? {
        guard !paths.isEmpty else { return nil }
        var unreadable: [String] = []
        let files = paths.compactMap { path -> (path: String, text: String)? in
            guard let text = FileSystem.text(atPath: path) else {
                unreadable.append(path)
                return nil
            }
            return (path, text)
        }
        var imported = read(files)
        for path in unreadable { imported.warn(path, at: (path, 0), "cannot be read as UTF-8 text; not used") }
        return imported
    }

    /// One key as the layered files give it.
    struct Value {
        var text: String
        var quoted: Bool
        var path: String
        var line: Int
        var place: (path: String, line: Int) { (path, line) }
    }

    /// One section as the layered files give it: its keys in the order first met, a later file's value over an
    /// earlier one's.
    struct Section {
        var name: String
        var place: (path: String, line: Int)
        var keys: [String] = []
        var values: [String: Value] = [:]

        subscript(key: String) -> Value? { values[key] }
    }

    /// Maps `files` (path and text, in order) onto x11hud's settings.
    public static func read(_ files: [(path: String, text: String)]) -> ImportedNotifications {
        var imported = ImportedNotifications()
        let sections = layer(files, into: &imported)
        var mapping = DunstMapping(imported: imported)
        mapping.map(sections)
        return mapping.imported
    }

    /// The sections of `files` layered, a later file's key over an earlier one's; keys before any header are in
    /// the section "global". Each file is noted as read, each line that is no key a warning.
    static func layer(_ files: [(path: String, text: String)], inlineComments: Bool = true,
                      into imported: inout ImportedNotifications) -> [Section] {
        var sections: [Section] = []
        for (path, text) in files {
            imported.files.append(path)
            let ini = INIFile(text: text, inlineComments: inlineComments)
            for problem in ini.problems {
                imported.warn("line \(problem.line)", at: (path, problem.line), problem.reason + "; left out")
            }
            for entry in ini.entries {
                let name = entry.section.isEmpty ? "global" : entry.section
                let i = sections.firstIndex { $0.name == name } ?? {
                    let line = ini.sections.first { $0.name == entry.section }?.line ?? entry.line
                    sections.append(Section(name: name, place: (path, line)))
                    return sections.count - 1
                }()
                if sections[i].values[entry.key] == nil { sections[i].keys.append(entry.key) }
                sections[i].values[entry.key] = Value(text: entry.value, quoted: entry.quoted, path: path,
                                                      line: entry.line)
            }
        }
        return sections
    }
}
