import Foundation
import Testing

@testable import AuthFlowLanguage
@testable import AuthFlowTools

/// Commands authflow prints for a person to paste read back, word for word, in a POSIX shell.
@Suite struct ShellWordTests {
  @Test(arguments: [
    "authkit~no-foreground-refresh", "exec:python3 /tmp/my app.py", "it's", "", "a\"b$HOME`x`", "ü ö", "*",
    "--seed", "~old/x.yaml", "=cat",
  ])
  func aShellReadsTheWordBackAsItIs(word: String) throws {
    let quoted = ShellWord.quoted(word)
    let echoed = try runProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", "printf '%s|' " + quoted])
    #expect(echoed.stdout == word + "|", "\(quoted)")
  }

  @Test func aPlainWordStaysAsItIs() {
    #expect(ShellWord.quoted("authkit~no-foreground-refresh") == "authkit~no-foreground-refresh")
    #expect(ShellWord.quoted("exec:./app") == "exec:./app")
  }

  /// A finding's `reproduces:` command pastes as it is, an `exec:` machine's command included.
  @Test func exploresCommandLineQuotesAnAdaptersCommand() {
    let options = ExploreOptions(machine: "exec:python3 /tmp/app.py", seed: 1, runs: 20, depth: 10)
    #expect(
      options.commandLine
        == "authflow explore --machine 'exec:python3 /tmp/app.py' --seed 1 --runs 20 --depth 10")
  }
}
