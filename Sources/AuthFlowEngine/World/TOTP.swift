import AuthFlowLanguage
import Crypto

/// Time-based one-time passwords (RFC 6238, on HOTP, RFC 4226) as Firebase's TOTP second factor uses them:
/// HMAC-SHA1, 30-second steps, six digits.
enum TOTP {
  /// The length of one time step.
  static let step: Int64 = 30
  /// The six-digit code for `secret` at `time`.
  static func code(secret: [UInt8], at time: VirtualTime) -> String {
    code(secret: secret, counter: time.secondsSince1970 / step)
  }

  /// Whether `code` is the code of a step within `window` steps of `time`'s (the project's
  /// `adjacentIntervals`, by default 5, which absorbs clock skew between the phone and the server).
  static func accepts(_ code: String, secret: [UInt8], at time: VirtualTime, window: Int) -> Bool {
    let current = time.secondsSince1970 / step
    let window = Int64(window)
    return (current - window...current + window).contains {
      Self.code(secret: secret, counter: $0) == code
    }
  }

  /// HOTP: the dynamically truncated HMAC-SHA1 of the big-endian counter, modulo 10⁶.
  static func code(secret: [UInt8], counter: Int64) -> String {
    let message = (0..<8).map {
      UInt8(truncatingIfNeeded: UInt64(bitPattern: counter) >> (56 - 8 * UInt64($0)))
    }
    let mac = Array(HMAC<Insecure.SHA1>.authenticationCode(for: message, using: SymmetricKey(data: secret)))
    let offset = Int(mac[mac.count - 1] & 0x0f)
    let value =
      (UInt32(mac[offset] & 0x7f) << 24) | (UInt32(mac[offset + 1]) << 16) | (UInt32(mac[offset + 2]) << 8)
      | UInt32(mac[offset + 3])
    let digits = String(value % 1_000_000)
    return String(repeating: "0", count: 6 - digits.count) + digits
  }

  /// RFC 4648 base32 without padding, as authenticator apps take secrets.
  static func base32(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    var output = ""
    var buffer: UInt32 = 0
    var bits = 0
    for byte in bytes {
      buffer = (buffer << 8) | UInt32(byte)
      bits += 8
      while bits >= 5 {
        output.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 31)])
        bits -= 5
      }
    }
    if bits > 0 { output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)]) }
    return output
  }
}
