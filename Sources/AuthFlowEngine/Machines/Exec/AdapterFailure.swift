import AuthFlowLanguage

/// An adapter's problem with what the harness was doing at the time and the last lines of its standard
/// error: the message of the scenario it errors.
struct AdapterFailure: Error, Equatable, Sendable, CustomStringConvertible {
  var problem: AdapterProblem
  /// `handling 'sign_in' on phone`, `starting on laptop`, ….
  var during: String
  var stderr: [String]

  var description: String {
    let tail = stderr.isEmpty ? "" : "; its stderr ended with: " + stderr.joined(separator: " | ")
    return "the adapter \(problem) while \(during)\(tail)"
  }
}
