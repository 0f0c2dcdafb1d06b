import AuthFlowEngine
import AuthFlowLanguage
import Foundation
import Hummingbird
import Logging
import NIOCore

/// An HTML page the action-link handler shows, thrown to skip JSON encoding.
struct HTMLPage: Error {
  var status: Int
  var html: String
}
