import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// The Admin SDK's bulk calls: `accounts:batchGet` (`listUsers`), `accounts:batchDelete` (`deleteUsers`) and
/// `accounts:query` (counting and listing).
extension AuthServer {
  /// The most accounts one `batchGet` page or one `batchDelete` takes, as production allows.
  static let batchLimit = 1000

  /// `GET accounts:batchGet?maxResults=&nextPageToken=`: accounts in uid order, `maxResults` (default 20, at
  /// most 1,000) at a time; `nextPageToken` (the last uid of a full page) asks for the next page. A full page
  /// carries one even when nothing follows, as production does (firebase-tools#3231).
  func batchGet(_ call: Call) throws(ServiceError) -> JSON {
    // 0, as protobuf reads an absent number, is the default.
    let requested = try Self.integer(call.queryValue("maxResults"), field: "max_results", type: "TYPE_INT32")
    let pageSize = min(max(requested == 0 ? 20 : requested, 1), Self.batchLimit)
    let after = call.queryValue("nextPageToken")
    let sorted = world.accounts().sorted { $0.uid < $1.uid }.filter { after == nil || $0.uid > after ?? "" }
    let page = Array(sorted.prefix(pageSize))
    var json: [String: JSON] = [
      "kind": "identitytoolkit#DownloadAccountResponse",
      "users": .array(page.map { userJSON($0, tenant: tenantID) }),
    ]
    if page.count == pageSize, let last = page.last { json["nextPageToken"] = .string(last.uid) }
    return .object(json)
  }

  /// A whole-number field as Google's API front end reads it: absent is 0; text that is no number of the field's
  /// type (`abc`, `1.5`, one past the type's range) is `INVALID_ARGUMENT`, not silently the default.
  static func integer(_ text: String?, field: String, type: String) throws(ServiceError) -> Int {
    guard let text else { return 0 }
    let value: Int? = type == "TYPE_INT32" ? Int32(text).map(Int.init) : Int64(text).map(Int.init)
    guard let value else {
      throw ServiceError(
        "Invalid value at '\(field)' (\(type)), \"\(text.prefix(64))\"", canonical: "INVALID_ARGUMENT")
    }
    return value
  }

  /// `accounts:batchDelete {localIds, force}`: deletes up to 1,000 accounts; without `force`, an enabled account
  /// is left and reported (`NOT_DISABLED`), as production does. Unknown uids are skipped.
  func batchDelete(_ call: Call) throws -> JSON {
    struct Request: Decodable {
      var localIds: [String]?
      var force: Bool?
    }
    let request = try call.decode(Request.self)
    let uids = request.localIds ?? []
    guard !uids.isEmpty, uids.count <= Self.batchLimit else {
      throw ServiceError("LOCAL_ID_LIST_EXCEEDS_LIMIT")
    }
    var errors: [JSON] = []
    for (index, uid) in uids.enumerated() {
      guard let account = world.account(uid: uid) else { continue }
      guard account.disabled || request.force == true else {
        errors.append([
          "index": .int(Int64(index)), "localId": .string(uid),
          "message": "NOT_DISABLED : Disable the account before batch deletion.",
        ])
        continue
      }
      try backend(.admin) { () throws(AuthErrorCode) in try world.deleteAccount(uid: uid) }
    }
    return errors.isEmpty ? [:] : ["errors": .array(errors)]
  }

  /// `accounts:query`: with `returnUserInfo: false` the number of accounts (`recordsCount`); otherwise the
  /// accounts sorted by `sortBy` (`USER_ID`, `NAME`, `CREATED_AT`, `LAST_LOGIN_AT`, `USER_EMAIL`) in `order`,
  /// from `offset`, at most `limit` (default and maximum 500, as production documents). Both count and list only
  /// the accounts the first `expression` matches, if there is one (see ``matches(_:_:)``).
  func query(_ call: Call) throws -> JSON {
    struct Request: Decodable {
      var returnUserInfo: Bool?
      var limit: Flexible?
      var offset: Flexible?
      var sortBy: String?
      var order: String?
      var expression: [QueryExpression]?
    }
    let request = try call.decode(Request.self)
    let accounts = world.accounts().filter { Self.matches($0, request.expression?.first) }
    if request.returnUserInfo == false {
      return ["recordsCount": .string(String(accounts.count))]
    }
    // A limit of 0 is an absent one (protobuf's default), so the default of 500, not one account.
    let requestedLimit = try Self.integer(request.limit?.text, field: "limit", type: "TYPE_INT64")
    let limit = min(max(requestedLimit == 0 ? 500 : requestedLimit, 1), 500)
    let offset = max(try Self.integer(request.offset?.text, field: "offset", type: "TYPE_INT64"), 0)
    let before: (ServedAccount, ServedAccount) -> Bool
    switch request.sortBy ?? "USER_ID" {
    case "USER_ID", "SORT_BY_FIELD_UNSPECIFIED": before = { $0.uid < $1.uid }
    case "NAME": before = { ($0.displayName ?? "", $0.uid) < ($1.displayName ?? "", $1.uid) }
    case "USER_EMAIL": before = { ($0.email ?? "", $0.uid) < ($1.email ?? "", $1.uid) }
    case "CREATED_AT": before = { ($0.createdAt, $0.uid) < ($1.createdAt, $1.uid) }
    case "LAST_LOGIN_AT":
      before = { ($0.lastSignInAt ?? $0.createdAt, $0.uid) < ($1.lastSignInAt ?? $1.createdAt, $1.uid) }
    case let other: throw ServiceError.invalidArgument("unknown sortBy '\(other)'")
    }
    var sorted = accounts.sorted(by: before)
    if request.order == "DESC" { sorted.reverse() }
    let page = sorted.dropFirst(offset).prefix(limit)
    return [
      "recordsCount": .string(String(page.count)),
      "userInfo": .array(page.map { userJSON($0, tenant: tenantID) }),
    ]
  }

  /// Whether `account` matches a query's `expression` (Identity Toolkit's `SqlExpression`), as production
  /// documents it: only the first expression of a query counts, and in it only the first of `email` (compared
  /// case-insensitively), `phoneNumber` and `userId` (both exact), in that order; no expression matches every
  /// account. The emulator serves no expressions at all.
  static func matches(_ account: ServedAccount, _ expression: QueryExpression?) -> Bool {
    if let email = expression?.email { return account.email == email.lowercased() }
    if let number = expression?.phoneNumber { return account.phoneNumber == number }
    if let uid = expression?.userId { return account.uid == uid }
    return true
  }
}

/// One `accounts:query` `expression` (`SqlExpression`).
struct QueryExpression: Decodable {
  var email: String?
  var userId: String?
  var phoneNumber: String?
}
