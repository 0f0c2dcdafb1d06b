import AuthFlowLanguage
import Testing

@testable import AuthFlowEngine

/// The line a worker process answers with: a result read back is the result that was written.
@Suite("worker replies") struct WorkerRecordTests {
  static let place = SourceLocation(file: "flows/a\tb.yaml", line: 3, column: 5)

  /// A result using every field, with text that needs escaping (tabs, line breaks, backslashes, non-ASCII).
  static var full: ScenarioResult {
    ScenarioResult(
      name: "Sign in\tthen \\ out", file: "flows/a\tb.yaml", location: place, machine: "authkit~no-refresh",
      seed: .max, tags: ["smoke", ""], reproduces: "#12\nsecond line", status: .failed,
      failure: Failure(
        step: 2, location: place, key: "invariant session", expected: nil, actual: "signedIn\r",
        message: "✗ session kept\nafter delete",
        violation: InvariantViolation(invariant: "session", message: "kept")),
      steps: [
        StepOutcome(number: 1, location: place, action: "sign_in", status: .passed),
        StepOutcome(number: 2, location: place, action: "expect", status: .failed),
      ],
      transcript: [
        TranscriptEntry(
          time: VirtualTime(secondsSince1970: 1_767_225_600), actor: "phone", text: "a\tb\\n\nc"),
        TranscriptEntry(time: VirtualTime(secondsSince1970: -1), actor: "", text: ""),
      ],
      durationSeconds: 0.1 + 0.2,
      transitions: [
        Transition(
          from: Place(state: "signedOut", screen: "login"), action: .signIn,
          to: Place(state: "signedIn", screen: "home"))
      ])
  }

  @Test func aResultReadBackHasEveryFieldItWasWrittenWith() throws {
    let written = Self.full
    let line = WorkerRecord.line(WorkerMessage.Reply(result: written, retiring: true))
    #expect(!line.contains(10) && !line.contains(13))
    let reply = try #require(WorkerRecord.reply(line))
    #expect(reply.retiring)
    let read = try #require(reply.result)
    #expect(read.name == written.name)
    #expect(read.file == written.file)
    #expect(read.location == written.location)
    #expect(read.machine == written.machine)
    #expect(read.seed == written.seed)
    #expect(read.tags == written.tags)
    #expect(read.reproduces == written.reproduces)
    #expect(read.status == written.status)
    #expect(read.failure == written.failure)
    #expect(read.steps == written.steps)
    #expect(read.transcript == written.transcript)
    #expect(read.durationSeconds == written.durationSeconds)
    #expect(read.transitions == written.transitions)
  }

  @Test func aPassedResultWithNothingOptionalAndAnUnplayableAnswerReadBack() throws {
    var passed = Self.full
    passed.status = .passed
    passed.failure = nil
    passed.reproduces = nil
    passed.tags = []
    passed.transcript = []
    let read = try #require(
      WorkerRecord.reply(WorkerRecord.line(WorkerMessage.Reply(result: passed)))?.result)
    #expect(read.failure == nil && read.reproduces == nil && read.tags.isEmpty && read.transcript.isEmpty)
    let unplayable = try #require(
      WorkerRecord.reply(WorkerRecord.line(WorkerMessage.Reply(unplayable: "a.yaml no longer has it"))))
    #expect(unplayable.unplayable == "a.yaml no longer has it" && unplayable.result == nil)
  }

  @Test(arguments: [
    "", "0", "0\tresult", "0\tresult\tname", "2\tnone", "0\tmystery", "0\tnone\textra",
    "0\tunplayable\tbad\\q",
    "0\tunplayable\ttrailing\\",
  ])
  func aLineThatIsNotAReplyIsRefused(line: String) {
    #expect(WorkerRecord.reply(Array(line.utf8)) == nil)
  }

  @Test func everyTruncationOfAReplyIsRefusedAndACountBeyondTheLineIsNotBelieved() {
    let line = WorkerRecord.line(WorkerMessage.Reply(result: Self.full))
    let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
    for count in 0..<fields.count {
      let truncated = Array(fields.prefix(count).joined(separator: [UInt8(ascii: "\t")]))
      #expect(WorkerRecord.reply(truncated) == nil, "\(count) fields")
    }
    // A huge tag count must not allocate or loop beyond the fields present.
    let bogus = "0\tresult\tn\tf\t1\t1\tf\tm\t1\t99999999999"
    #expect(WorkerRecord.reply(Array(bogus.utf8)) == nil)
  }
}
