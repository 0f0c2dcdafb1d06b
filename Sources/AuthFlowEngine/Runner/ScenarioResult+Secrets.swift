import AuthFlowLanguage

extension ScenarioResult {
  /// The result with every secret hidden in every text it carries (its name, the failure, the transcript, the
  /// screens of its transitions), so no report, whatever it prints, can show one: the transcript hides the
  /// passwords the harness writes, but a machine may show one anywhere (a screen name, an error, a display name,
  /// an adapter's stderr).
  func hiding(_ redactor: Redactor) -> ScenarioResult {
    var result = self
    result.name = redactor.scrub(name)
    result.file = redactor.scrub(file)
    result.machine = redactor.scrub(machine)
    result.tags = tags.map(redactor.scrub)
    result.reproduces = reproduces.map(redactor.scrub)
    result.failure = failure?.hiding(redactor)
    result.transcript = transcript.map {
      TranscriptEntry(time: $0.time, actor: redactor.scrub($0.actor), text: redactor.scrub($0.text))
    }
    func hide(_ place: Place) -> Place { Place(state: place.state, screen: redactor.scrub(place.screen)) }
    result.transitions = transitions.map {
      Transition(from: hide($0.from), action: $0.action, to: hide($0.to))
    }
    return result
  }
}

extension Failure {
  fileprivate func hiding(_ redactor: Redactor) -> Failure {
    var failure = self
    failure.location.file = redactor.scrub(location.file)
    failure.key = key.map(redactor.scrub)
    failure.expected = expected.map(redactor.scrub)
    failure.actual = actual.map(redactor.scrub)
    failure.message = redactor.scrub(message)
    failure.violation?.message = redactor.scrub(violation?.message ?? "")
    return failure
  }
}
