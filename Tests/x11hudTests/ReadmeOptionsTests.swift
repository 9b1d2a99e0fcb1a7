import Foundation
import HUDTestSupport
import Testing

/// Issue 38: the manual's table of options is written from the table of options the parser, `--help`, the man page
/// and the completions come from (packaging/readme-options.py), so it can only say what they say.
@Suite(.ownThreads) struct ReadmeOptionsTests {
    @Test func theReadmesTableIsTheOneTheBinaryWrites() throws {
        let readme = try Manual.section("Options")
        let begin = try #require(readme.range(of: "<!-- options: written by packaging/readme-options.py"))
        let end = try #require(readme.range(of: "<!-- end of options -->"))
        let inReadme = readme[begin.upperBound..<end.lowerBound].drop { $0 != "\n" }.dropFirst()
        let r = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"),
                                     ["python3", "packaging/readme-options.py", CLI.binary.path],
                                     directory: PackagingTests.root)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(String(inReadme) == r.stdout, "the manual's table differs: run packaging/readme-options.py")
        // Every option --help shows is a row (a wrong path or an empty table would pass the comparison).
        let help = try CLI.run(["show", "--help"])
        let options = Set(help.stdout.matches(of: /\n  (--[a-z][a-z0-9-]*)/).map { String($0.output.1) })
        #expect(options.count > 40)
        for option in options where option != "--help" && option != "--version" {
            #expect(inReadme.contains("`\(option)"), "\(option) is not in the manual's table")
        }
    }
}
