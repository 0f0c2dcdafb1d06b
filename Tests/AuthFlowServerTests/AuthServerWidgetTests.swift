import AuthFlowEngine
import AuthFlowLanguage
import Foundation
import Testing

@testable import AuthFlowServer

/// `GET /emulator/auth/handler`: the IdP sign-in page the web SDK opens for a redirect sign-in.
@Suite struct AuthServerWidgetTests {
  private func signIn(_ client: ServerHarness.Client, _ claims: String) async throws -> [String: Any] {
    let postBody =
      "id_token=" + (claims.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
      + "&providerId=google.com"
    return try await client.post(
      "accounts:signInWithIdp", #"{"postBody":"\#(postBody)","requestUri":"http://localhost"}"#
    ).1
  }

  /// The addresses of the page's account links, unescaped.
  private func links(_ html: String) -> [String] {
    html.components(separatedBy: "<a class=\"account\" href=\"").dropFirst().compactMap {
      $0.components(separatedBy: "\"").first?.replacingOccurrences(of: "&amp;", with: "&")
    }
  }

  @Test func thePageOffersTheKnownAccountsAndAPickedOneSignsIn() async throws {
    try await ServerHarness().test { client in
      let ada = try await signIn(client, #"{"sub":"g-ada","email":"ada@gmail.com","name":"Ada <A>"}"#)
      let (status, html) = try await client.text(
        "/emulator/auth/handler?apiKey=fake-api-key&appName=app&authType=signInViaRedirect&providerId=google.com&redirectUrl=http%3A%2F%2Flocalhost%2F"
      )
      #expect(status == 200)
      #expect(html.contains("Ada &lt;A&gt; · ada@gmail.com"))
      let picked = try #require(links(html).first)
      #expect(picked.contains("/emulator/auth/handler?providerId=google.com&id_token="))
      // What the SDK sends once back from the page: the page's answer as `requestUri`.
      let (signedIn, session) = try await client.post(
        "accounts:signInWithIdp", #"{"requestUri":"\#(picked)","postBody":"","returnSecureToken":true}"#)
      #expect(signedIn == 200)
      #expect(session["localId"] as? String == ada["localId"] as? String)
      #expect(session["isNewUser"] as? Bool == false)
    }
  }

  @Test func withoutAnAccountThePageSaysSoAndWithoutParametersItIsRefused() async throws {
    try await ServerHarness().test { client in
      let (status, html) = try await client.text("/emulator/auth/handler?apiKey=k&providerId=github.com")
      #expect(status == 200)
      #expect(html.contains("No github.com accounts are known."))
      let (missing, _) = try await client.text("/emulator/auth/handler?providerId=github.com")
      #expect(missing == 400)
      let (posted, _) = try await client.call(.post, "/emulator/auth/handler?apiKey=k&providerId=github.com")
      #expect(posted == 404)
    }
  }
}
