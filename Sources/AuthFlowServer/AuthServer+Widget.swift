import AuthFlowEngine
import AuthFlowLanguage
import Foundation

/// `GET /emulator/auth/handler` and `GET /emulator/auth/iframe`: the pages the web SDK opens for
/// `signInWithRedirect` and `signInWithPopup` against an emulator. On the first the user picks the IdP account
/// to sign in with; the second, which the SDK loads hidden in the app's page, hands the result to the SDK.
extension AuthServer {
  /// The widget for `providerId` (and `apiKey`, which every SDK sends): one link per IdP account the world knows
  /// at that provider. A link's address is the IdP's answer as the emulator shapes it
  /// (`/emulator/auth/handler?providerId=…&id_token=…`), which `signInWithIdp` takes as `requestUri`. In a
  /// browser, picking one makes the SDK's auth event (`type` the `authType`, `eventId`, `urlResponse` the
  /// link, `tenantId` from `tid`) and:
  /// - for a redirect sign-in (`authType` `signInViaRedirect`, with `redirectUrl`), stores it where the relay
  ///   page looks for it (`sessionStorage["firebase:redirectEvent:API_KEY:APP_NAME"]`) and goes back to
  ///   `redirectUrl`;
  /// - for a popup (`signInViaPopup`, `linkViaPopup`, `reauthViaPopup`), posts it to the relay page of the same
  ///   `apiKey` and `appName` in the window that opened the popup, then closes the popup; with no such page
  ///   there, it says so instead of closing.
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
      <p id="problem" hidden></p>
      <script>
      var query = new URLSearchParams(location.search);
      var apiKey = query.get('apiKey'), appName = query.get('appName');
      var authType = query.get('authType') || '';
      var storageKey = apiKey + ':' + appName;
      function authEvent(link) {
        return { type: authType, eventId: query.get('eventId'), urlResponse: link.href,
          sessionId: 'authflow', postBody: '', tenantId: query.get('tid'), error: null };
      }
      // The relay pages of this app in the opener's page: same origin as this one, same apiKey and appName.
      function relayToOpener(event) {
        var frames = window.opener ? window.opener.frames : [];
        var sent = false;
        for (var i = 0; i < frames.length; i++) {
          try {
            var frameQuery = new URLSearchParams(frames[i].location.search);
            if (frameQuery.get('apiKey') !== apiKey || frameQuery.get('appName') !== appName) { continue; }
            frames[i].postMessage(
              { eventType: 'sendAuthEvent', data: { storageKey: storageKey, authEvent: event } }, location.origin);
            sent = true;
          } catch (error) {
            // A frame from another origin: its address cannot be read, and it is not the relay.
          }
        }
        return sent;
      }
      document.querySelectorAll('a.account').forEach(function (link) {
        link.addEventListener('click', function (event) {
          var redirectUrl = query.get('redirectUrl');
          if (/popup/i.test(authType)) {
            event.preventDefault();
            if (relayToOpener(authEvent(link))) { window.close(); return; }
            var problem = document.getElementById('problem');
            problem.textContent = 'The window that opened this one has no authflow relay page for app '
              + appName + ': the sign-in cannot be handed back to it.';
            problem.hidden = false;
            return;
          }
          if (!/redirect/i.test(authType) || !redirectUrl) { return; }
          event.preventDefault();
          sessionStorage['firebase:redirectEvent:' + storageKey] = JSON.stringify(authEvent(link));
          location = redirectUrl;
        });
      });
      </script>

      """
    return HTMLPage(status: 200, html: html)
  }

  /// The relay page (`apiKey` and `appName` required, as the SDK always sends them): the web SDK loads it in a
  /// hidden frame of the app's page and talks to it through Google's `gapi.iframes`, which the page loads from
  /// `apis.google.com` as production's `/__/auth/iframe` and the emulator's page do, so a browser using it
  /// needs that script. It answers the SDK's `webStorageSupport` question, then sends the SDK one `authEvent`:
  /// the redirect event the widget stored, or "no auth event" when there is none; later events posted by a
  /// popup of the same app and origin go to the SDK as they come.
  func relayPage(_ call: Call) throws(ServiceError) -> HTMLPage {
    guard call.queryValue("apiKey")?.isEmpty == false, call.queryValue("appName")?.isEmpty == false else {
      throw ServiceError("missing apiKey or appName query parameters")
    }
    let html = """
      <!doctype html>
      <meta charset="utf-8">
      <title>authflow serve – sign-in relay</title>
      <script>
      var query = new URLSearchParams(location.search);
      var storageKey = query.get('apiKey') + ':' + query.get('appName');
      var storedEventKey = 'firebase:redirectEvent:' + storageKey;
      var sdk = null;
      function sendToSDK(event) {
        sdk.send('authEvent', {
          type: 'authEvent', authEvent: event || { type: 'unknown', error: { code: 'auth/no-auth-event' } }
        }, function () {}, gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER);
      }
      window.addEventListener('message', function (message) {
        var posted = message.data;
        if (message.origin !== location.origin || !posted || posted.eventType !== 'sendAuthEvent'
          || !posted.data || posted.data.storageKey !== storageKey) { return; }
        if (sdk) { sendToSDK(posted.data.authEvent); return; }
        // Not connected yet: kept for the first event below.
        sessionStorage[storedEventKey] = JSON.stringify(posted.data.authEvent);
      });
      function connect() {
        sdk = gapi.iframes.getContext().getParentIframe();
        sdk.register('webStorageSupport', function () {
          return { status: 'ACK', webStorageSupport: true };
        }, gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER);
        var stored = sessionStorage[storedEventKey];
        delete sessionStorage[storedEventKey];
        var event = null;
        try { event = stored ? JSON.parse(stored) : null; } catch (error) { event = null; }
        sendToSDK(event);
      }
      window.gapi_onload = function () {
        gapi.load('gapi.iframes', {
          callback: connect, timeout: 10000,
          ontimeout: function () {
            document.body.textContent = 'authflow serve: gapi.iframes did not load from apis.google.com.';
          }
        });
      };
      </script>
      <script src="https://apis.google.com/js/api.js"></script>

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
