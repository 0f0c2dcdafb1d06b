import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// `GET /emulator/auth/handler`: the page the web SDK opens for `signInWithRedirect` (and `signInWithPopup`)
/// against an emulator, where the user picks the IdP account to sign in with.
extension AuthServer {
  /// The widget for `providerId` (and `apiKey`, which every SDK sends): one link per IdP account the world knows
  /// at that provider. A link's address is the IdP's answer as the emulator shapes it
  /// (`/emulator/auth/handler?providerId=…&id_token=…`), which `signInWithIdp` takes as `requestUri`; in a
  /// browser, a redirect sign-in (`authType` `signInViaRedirect`, with `redirectUrl`) stores the auth event
  /// where the web SDK looks for it (`sessionStorage["firebase:redirectEvent:API_KEY:APP_NAME"]`) and goes
  /// back to `redirectUrl`. Popups are not served: they need the emulator's relay iframe.
  func identityProviderWidget(_ call: Call) throws(ServiceError) -> HTMLPage {
    guard let provider = call.queryValue("providerId"), !provider.isEmpty,
      call.queryValue("apiKey")?.isEmpty == false
    else {
      throw ServiceError("missing apiKey or providerId query parameters")
    }
    let base = "http://\(call.host)/emulator/auth/handler"
    let accounts = world.identityProviderAccounts(of: ProviderID(rawValue: provider.lowercased()))
    let items = accounts.map { account -> String in
      var claims: [String: JSON] = [
        "sub": .string(account.subject), "email_verified": .bool(account.emailVerified),
      ]
      claims["email"] = .optional(account.email)
      claims["name"] = .optional(account.name)
      let idToken = Self.formEncoded(String(decoding: JSON.object(claims).data, as: UTF8.self))
      let href = "\(base)?providerId=\(Self.formEncoded(provider))&id_token=\(idToken)"
      let label = [account.name, account.email].compactMap { $0 }.joined(separator: " · ")
      return "<li><a class=\"account\" href=\"\(Self.escape(href))\">"
        + "\(Self.escape(label.isEmpty ? account.subject : label))</a></li>"
    }
    let list =
      items.isEmpty ? "<p>No \(Self.escape(provider)) accounts are known.</p>" : "<ul>\(items.joined())</ul>"
    let html = """
      <!doctype html>
      <meta charset="utf-8">
      <title>Sign in with \(Self.escape(provider)) – authflow serve</title>
      <h1>Sign in with \(Self.escape(provider))</h1>
      \(list)
      <script>
      var query = new URLSearchParams(location.search);
      var storageKey = query.get('apiKey') + ':' + query.get('appName');
      document.querySelectorAll('a.account').forEach(function (link) {
        link.addEventListener('click', function (event) {
          var redirectUrl = query.get('redirectUrl');
          if (!/redirect/i.test(query.get('authType') || '') || !redirectUrl) { return; }
          event.preventDefault();
          sessionStorage['firebase:redirectEvent:' + storageKey] = JSON.stringify({
            type: query.get('authType'), eventId: query.get('eventId'), urlResponse: link.href,
            sessionId: 'authflow', postBody: '', tenantId: query.get('tid'), error: null
          });
          location = redirectUrl;
        });
      });
      </script>

      """
    return HTMLPage(status: 200, html: html)
  }

  /// `text` for a query value: everything but ASCII letters, digits and `-._~` percent-encoded.
  private static func formEncoded(_ text: String) -> String {
    let unreserved = CharacterSet(
      charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
    return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }

  /// `text` for HTML text or a quoted attribute.
  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
