import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The counts a JUnit report states and holds.
struct JUnitCounts {
  var root: [String: Int] = [:]
  var suiteTotals: [String: Int] = [:]
  var testcases = 0
  var failures = 0
  var errors = 0

  init(parsing text: String) throws {
    let delegate = Delegate()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = delegate
    try #require(
      parser.parse(), "the JUnit report is not well-formed XML: \(String(describing: parser.parserError))")
    self = delegate.counts
  }

  private final class Delegate: NSObject, XMLParserDelegate {
    var counts = JUnitCounts(empty: ())
    static let keys = ["tests", "failures", "errors", "skipped"]

    func parser(
      _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      let numbers = Self.keys.reduce(into: [String: Int]()) { $0[$1] = attributes[$1].flatMap { Int($0) } }
      switch element {
      case "testsuites": counts.root = numbers
      case "testsuite": counts.suiteTotals.merge(numbers, uniquingKeysWith: +)
      case "testcase": counts.testcases += 1
      case "failure": counts.failures += 1
      case "error": counts.errors += 1
      default: break
      }
    }
  }

  private init(empty: Void) {}
}
