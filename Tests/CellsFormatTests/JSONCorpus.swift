@testable import CellsFormat
import TestSupport
/// JSONTestSuite-style cases (y_: must parse, n_: must be rejected), written for this parser and
/// checked against python's json module, plus a seeded generator of random documents.
enum JSONCorpus {
    /// Documents every strict parser accepts.
    static let accepted: [(name: String, text: String)] = [
        ("y_array_empty", "[]"), ("y_array_nested", "[[[]],[[],[]]]"), ("y_array_heterogeneous", #"[null, 1, "1", {}]"#),
        ("y_array_with_spaces", " [ 1 , 2 ] "), ("y_array_newlines", "[1\n,\n2\r\n]\t"),
        ("y_object_empty", "{}"), ("y_object_simple", #"{"a":[]}"#), ("y_object_duplicated_key", #"{"a":"b","a":"c"}"#),
        ("y_object_empty_key", #"{"":0}"#), ("y_object_escaped_key", #"{"\u0041\n":1}"#),
        ("y_object_long_strings", #"{"x":[{"id": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}], "id": "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"}"#),
        ("y_number_0", "0"), ("y_number_negative_zero", "-0"), ("y_number_int", "123"), ("y_number_negative", "-123"),
        ("y_number_fraction", "1.5"), ("y_number_exp", "1E22"), ("y_number_exp_minus", "1e-2"), ("y_number_exp_plus", "1E+2"),
        ("y_number_real_capital_e", "1E2"), ("y_number_frac_exp", "123.456e78"), ("y_number_tiny", "2.2250738585072011e-308"),
        ("y_number_subnormal", "5e-324"), ("y_number_huge_exp_underflow", "1e-400"), ("y_number_max", "1.7976931348623157e308"),
        ("y_number_many_digits", "3.141592653589793238462643383279502884197"), ("y_number_long_int", "123456789012345678901234567890"),
        ("y_number_2_pow_53_plus_1", "9007199254740993"), ("y_number_0_1", "0.1"), ("y_number_third", "0.3333333333333333"),
        ("y_number_simple_real", "-0.000000000000000000000000000000000000001"), ("y_number_int_exp", "4e0"),
        ("y_string_empty", #""""#), ("y_string_ascii", #""hello""#), ("y_string_escapes", #""\"\\\/\b\f\n\r\t""#),
        ("y_string_unicode_escape", #""\u00e9\u4e2d""#), ("y_string_surrogate_pair", #""\ud83d\ude00""#),
        ("y_string_utf8", "\"é中😀\""), ("y_string_u_plus_2028", "\"\u{2028}\u{2029}\""), ("y_string_nul_escape", #""\u0000""#),
        ("y_string_escaped_control", #""\u001f""#), ("y_string_del", "\"\u{7F}\""), ("y_string_uppercase_hex", #""\uABCD""#),
        ("y_string_last_surrogates", #""\uDBFF\uDFFF""#), ("y_string_noncharacter", "\"\u{FFFF}\u{10FFFF}\""),
        ("y_literal_true", "true"), ("y_literal_false", " false"), ("y_literal_null", "null "),
        ("y_structure_whitespace", " \t\r\n[\t1\r\n]\n"), ("y_structure_deep_100", String(repeating: "[", count: 100) + String(repeating: "]", count: 100)),
    ]

    /// Documents a strict parser rejects.
    static let rejected: [(name: String, bytes: [UInt8])] = [
        ("n_empty", ""), ("n_whitespace_only", " \n"), ("n_array_trailing_comma", "[1,]"), ("n_array_leading_comma", "[,1]"),
        ("n_array_unclosed", "[1"), ("n_array_extra_close", "[1]]"), ("n_array_colon", #"["a":1]"#), ("n_array_missing_comma", "[1 2]"),
        ("n_object_trailing_comma", #"{"a":1,}"#), ("n_object_unquoted_key", "{a:1}"), ("n_object_single_quotes", "{'a':1}"),
        ("n_object_missing_colon", #"{"a" 1}"#), ("n_object_missing_value", #"{"a":}"#), ("n_object_non_string_key", "{1:1}"),
        ("n_object_unclosed", #"{"a":1"#), ("n_object_comment", #"{"a":1 /* c */}"#),
        ("n_number_leading_zero", "012"), ("n_number_plus", "+1"), ("n_number_dot_start", ".5"), ("n_number_dot_end", "1."),
        ("n_number_exp_empty", "1e"), ("n_number_exp_sign_only", "1e+"), ("n_number_hex", "0x1F"), ("n_number_nan", "NaN"),
        ("n_number_infinity", "Infinity"), ("n_number_minus_infinity", "-Infinity"), ("n_number_minus_only", "-"),
        ("n_number_minus_space", "- 1"), ("n_number_overflow", "1e400"), ("n_number_negative_overflow", "-1e309"),
        ("n_number_int_overflow", String(repeating: "9", count: 400)), ("n_number_neg_leading_zero", "-012"),
        ("n_string_unterminated", #""abc"#), ("n_string_single_quote", "'a'"), ("n_string_bad_escape", #""\x41""#),
        ("n_string_short_unicode", #""\u12""#), ("n_string_bad_hex", #""\u12G4""#), ("n_string_control_newline", "\"a\nb\""),
        ("n_string_control_tab", "\"a\tb\""), ("n_string_lone_high_surrogate", #""\ud800""#), ("n_string_lone_low_surrogate", #""\udc00""#),
        ("n_string_high_then_ascii", #""\ud800x""#), ("n_string_two_highs", #""\ud800\ud800""#),
        ("n_literal_truth", "truth"), ("n_literal_tru", "tru"), ("n_literal_capital", "True"), ("n_literal_nul", "nul"),
        ("n_two_values", "1 2"), ("n_trailing_garbage", "[]x"), ("n_bom", "\u{FEFF}[]"),
        ("n_structure_open_only", "["), ("n_structure_close_only", "]"), ("n_structure_lone_colon", ":"),
    ].map { ($0.0, Array($0.1.utf8)) } + [
        ("n_utf8_invalid_lead", [0x22, 0xFF, 0x22]), ("n_utf8_lone_continuation", [0x22, 0x80, 0x22]),
        ("n_utf8_overlong_slash", [0x22, 0xC0, 0xAF, 0x22]), ("n_utf8_overlong_3", [0x22, 0xE0, 0x80, 0xAF, 0x22]),
        ("n_utf8_surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22]), ("n_utf8_above_max", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]),
        ("n_utf8_truncated", [0x22, 0xE4, 0xB8, 0x22]), ("n_utf8_c1_lead", [0x22, 0xC1, 0xBF, 0x22]),
        ("n_utf8_outside_string", [0x5B, 0xC3, 0xA9, 0x5D]), ("n_nul_byte", [0x5B, 0x00, 0x5D]),
    ]

    /// A seeded random JSON document: nested containers, escapes, non-ASCII text and numbers in
    /// every notation, for the differential check against python.
    static func randomDocument(seed: UInt64) -> String {
        var rng = SplitMix64(state: seed)
        return randomValue(&rng, depth: 0)
    }

    static func randomValue(_ rng: inout SplitMix64, depth: Int) -> String {
        switch rng.next() % (depth > 4 ? 4 : 7) {
        case 0: return ["null", "true", "false"][Int(rng.next() % 3)]
        case 1, 2: return randomNumber(&rng)
        case 3: return randomString(&rng)
        case 4, 5:
            let n = Int(rng.next() % 5)
            return "[" + (0..<n).map { _ in randomValue(&rng, depth: depth + 1) }.joined(separator: rng.next() % 2 == 0 ? "," : " , ") + "]"
        default:
            let n = Int(rng.next() % 5)
            return "{" + (0..<n).map { _ in randomString(&rng) + ":" + randomValue(&rng, depth: depth + 1) }.joined(separator: ",\n") + "}"
        }
    }

    static func randomNumber(_ rng: inout SplitMix64) -> String {
        var text = rng.next() % 3 == 0 ? "-" : ""
        let digits = Int(rng.next() % 20) + 1
        text += String(rng.next() % 9 + 1) + (1..<digits).map { _ in String(rng.next() % 10) }.joined()
        if rng.next() % 2 == 0 { text += "." + (0..<Int(rng.next() % 18 + 1)).map { _ in String(rng.next() % 10) }.joined() }
        if rng.next() % 3 == 0 { text += ["e", "E", "e+", "e-", "E-"][Int(rng.next() % 5)] + String(rng.next() % 320) }
        if rng.next() % 7 == 0 { return "0" }
        return text
    }

    static func randomString(_ rng: inout SplitMix64) -> String {
        let pieces = ["a", "Z", " ", "\\n", "\\\"", "\\\\", "\\/", "\\t", "\\u00e9", "\\uD83D\\uDE00", "é", "中文", "😀", "\\u0000",
                      "\u{2028}", "ab cd", "\\u4e2D", "~", "\u{7F}"]
        return "\"" + (0..<Int(rng.next() % 8)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined() + "\""
    }
}
