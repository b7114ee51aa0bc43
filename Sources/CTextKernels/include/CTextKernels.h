#ifndef CTEXTKERNELS_H
#define CTEXTKERNELS_H
// C kernels for TextEngine. Every symbol carries the `tl_` prefix. Swift sees only plain C types
// here (fonts are passed as opaque `hb_font_t *` pointers), never an ICU or HarfBuzz header.
#include <stdint.h>

/// The ICU version this build links, e.g. "72.1" (used to pick the matching Unicode test data).
const char *tl_icu_version(void);

/// The Unicode version of the linked ICU's character data, e.g. "15.0".
const char *tl_unicode_version(void);

/// Writes the UAX #14 break opportunities of `text` (UTF-16, `length` code units) to
/// `positions` (offsets after which a line may end, ascending, the last one is `length`) and
/// `hard` (1 where the break is mandatory: after a character of UAX #14's BK, CR, LF or NL). Returns the count, or -1 on an ICU error or when
/// `capacity` (at least length + 1 suffices) is too small. Uses a per-thread iterator.
int32_t tl_line_breaks(const uint16_t *text, int32_t length, int32_t *positions, uint8_t *hard,
                       int32_t capacity);

/// tl_line_breaks without ICU for text made only of ASCII letters and digits, spaces, `. , : ; ! ? ' "`,
/// LF, CJK unified ideographs (U+4E00 to U+9FFF) and `、。，！？`, whose UAX #14 breaks follow
/// from a few pair rules (LB5 to LB31 as ICU 72 applies them; TextEngine's tests check it
/// against ICU on every such string of up to 5 characters and on random longer ones). Also
/// takes every other character whose Line_Break (ICU's property) is ID or EB (emoji, `～`,
/// CJK outside the URO; surrogate pairs as one character), which ICU's rules treat as
/// ideographs next to those classes. Returns -1 when the text has any other character or
/// `capacity` is below length + 1.
int32_t tl_simple_line_breaks(const uint16_t *text, int32_t length, int32_t *positions,
                              uint8_t *hard, int32_t capacity);

/// tl_utf8_to_utf16 and tl_simple_line_breaks in one pass: writes the UTF-16 form of `length`
/// bytes of valid UTF-8 to `out` (room for `length` units), its unit count to `*unit_count`
/// and its breaks to `positions` and `hard` (room for `length` + 1 each), exactly as the two
/// calls would. Returns the break count, or -1 when the text has a character the ICU-free
/// path does not know or ends inside a character (`out` then holds a prefix).
int32_t tl_simple_line_breaks_utf8(const uint8_t *bytes, int64_t length, uint16_t *out,
                                   int32_t *unit_count, int32_t *positions, uint8_t *hard);

/// Writes the extended grapheme cluster boundaries of `text` after offset 0 (ascending, the
/// last one is `length`). Returns the count, or -1 on error / too small `capacity`.
int32_t tl_grapheme_breaks(const uint16_t *text, int32_t length, int32_t *positions,
                           int32_t capacity);

/// One grapheme cluster of a shaped segment.
typedef struct tl_grapheme {
    double advance;   ///< advance in em (font units / units per em of the font that shaped it)
    double tail;      ///< advance in em when a line ends after this cluster: the last glyph's
                      ///< own advance instead of one kerned against the next cluster
    int32_t length;   ///< UTF-16 code units
    uint8_t font;     ///< index of the font (in the list given to tl_shape_segment) that shaped it
    uint8_t hangs;    ///< 1 when the cluster is breakable white space (it hangs at a line end)
    uint8_t spaces;   ///< 1 when the cluster holds only space separators (Zs)
} tl_grapheme;

/// A font of a fallback list as tl_shape_segment sees it.
typedef struct tl_font {
    void *hb_font;        ///< an immutable `hb_font_t *` at scale = units per em, OT funcs
    double inverse_upem;  ///< 1 / units per em
    int32_t is_color;     ///< 1 for a color (emoji) font: its spaces are not used for text
    const uint64_t *bmp;  ///< optional: bit c set when the font maps BMP character c (8 KiB)
    int32_t units_per_em;
    const uint8_t *joint_classes;  ///< optional (NULL: every pair may join): per BMP character
                                   ///< (64 KiB), the classes of the lookups that may change its
                                   ///< glyph or advance next to another character; two characters
                                   ///< with no class in common never join (tl_fill_bmp_joint_classes)
} tl_font;

/// A run of a paragraph in one script and at one bidi embedding level (SPEC "Scripts and
/// direction"): text is shaped a run (and a font) at a time.
typedef struct tl_run {
    int32_t end;     ///< UTF-16 offset in the paragraph where the run ends (the next one starts)
    uint16_t props;  ///< tl_run_props: ICU script code << 7 | embedding level (odd: right to left)
} tl_run;

/// A run's props from its ICU script code (USCRIPT_COMMON when the paragraph has no character
/// of a script: shaped with no script, as HarfBuzz guesses) and its embedding level (0...125).
static inline uint16_t tl_run_props(int32_t script, int32_t level) {
    return (uint16_t)((script & 0x1FF) << 7 | (level & 0x7F));
}

/// Cuts a paragraph (UTF-16, no mandatory break inside) into runs of one script and one
/// embedding level, in logical order: scripts by UAX #24 (ICU's uscript), Common and Inherited
/// characters taking the script of the text before them (at the start, of the first character
/// with a script; a closing bracket that of its opening one), levels by UAX #9 (ICU's ubidi),
/// the paragraph's direction that of its first strong character, left to right by default.
/// A paragraph with one script and no right-to-left or embedding character is one run without
/// ICU's bidi pass. Writes at most `capacity` runs (`length` suffices) and returns the count
/// (0 for an empty paragraph), or -1 on an ICU error or too small `capacity`.
int32_t tl_paragraph_runs(const uint16_t *text, int32_t length, tl_run *runs, int32_t capacity);

/// Splits `text` into grapheme clusters, gives each cluster the first font of `fonts` that has
/// all its characters (VS16 counts: it asks for an emoji glyph; other default-ignorables such as
/// ZWJ do not; with no such font, the first font that has the first character, else font 0),
/// so an emoji sequence is shaped by one font. Space separators are no exception (SPEC: a
/// fallback font only for characters the primary lacks; Chromium, Skia and CoreText agree).
/// Then shapes each
/// run of clusters sharing a font and a paragraph run (`runs`, from tl_paragraph_runs, whose
/// offsets count from `offset` units before `text`; a cluster takes the run its first unit is in)
/// with HarfBuzz, that run's script and direction set on the buffer (per-thread reused buffer),
/// and writes each cluster's advance to `out`. Returns the cluster count, or -1 on error / too
/// small `capacity` (`length` suffices).
int32_t tl_shape_segment(const tl_font *fonts, int32_t font_count, const uint16_t *text,
                         int32_t length, const tl_run *runs, int32_t run_count, int32_t offset,
                         tl_grapheme *out, int32_t capacity);

/// 1 when the character at `at` starts an emoji-presentation sequence (Emoji_Presentation,
/// a regional indicator, or any character followed by VS16; not one followed by VS15).
int32_t tl_is_emoji_presentation(const uint16_t *text, int32_t length, int32_t at);

/// 1 when the character at `next` would continue the script and emoji run that the character at
/// `previous` belongs to (it is Common/Inherited, or has the script of the last strong
/// character at or before `previous`), and both or neither are emoji presentation, as Pango's
/// itemizer splits runs; 0 otherwise. Measuring does not need runs (a line's width is the sum
/// of its clusters and joints); the checks against whole-line shaping do.
int32_t tl_continues_script_run(const uint16_t *text, int32_t length, int32_t previous,
                                int32_t next);

/// Makes `hb_font` (an `hb_font_t *` not yet made immutable) a font instance shaped with its own
/// settings: `count` OpenType features (`hb_feature_t` records, as hb_feature_from_string reads
/// them) and whatever variation coordinates it has. Every shaping call then goes through
/// `hb_shape` with those features, so GSUB/GPOS feature variations follow the coordinates.
/// Returns 0, or -1 when out of memory.
int32_t tl_font_set_shaping(void *hb_font, const void *features, int32_t count);

/// Fills `bits` (1,024 words) with the BMP characters `hb_face` (an `hb_face_t *`) maps.
void tl_fill_bmp_coverage(void *hb_face, uint64_t *bits);

/// Fills `classes` (65,536 bytes) with each BMP character's joint classes in `hb_face`: bit
/// `k % 8` for every contextual GSUB or GPOS lookup `k` (ligatures, contexts, pair kerning,
/// cursive attachment) that names its nominal glyph or a glyph a substitution may turn it into;
/// all bits for characters it does not map, and for every character when the face has a `kern`
/// (without a GPOS kern feature), `kerx`, `morx` or `trak` table. Two characters with no bit in
/// common are in no lookup together, so shaping them side by side gives the sum of their
/// advances alone; a character with no bit never kerns, ligates or changes next to another.
void tl_fill_bmp_joint_classes(void *hb_face, uint8_t *classes);

/// A bounded, thread-safe cache of shaped break segments, keyed by (font stack as face ids,
/// UTF-16 code units, the script and level runs the segment lies in). Two generations (near LRU): at most `capacity` entries, each one
/// allocation holding its key and clusters; one mutex, taken once per paragraph for lookups
/// and once for inserts.
typedef struct tl_segment_cache tl_segment_cache;

/// A cache of at most `capacity` (at least 2) segments; NULL when out of memory.
tl_segment_cache *tl_segment_cache_create(int64_t capacity);

/// Frees the cache and every entry.
void tl_segment_cache_destroy(tl_segment_cache *cache);

/// Drops every entry (the hit and miss counts stay).
void tl_segment_cache_clear(tl_segment_cache *cache);

/// Entries held now and lookups answered and missed since creation.
void tl_segment_cache_counts(tl_segment_cache *cache, int64_t *entries, int64_t *hits,
                             int64_t *misses);

/// A break segment of an analysed text: its place (UTF-16 offsets) and the sums of its clusters.
typedef struct tl_segment {
    double advance;                 ///< sum of its clusters' advances, in em (summed from the end)
    double trailing_space;          ///< advance of the trailing hanging clusters, in em
    uint64_t font_mask;             ///< bit i set when font i shaped some cluster
    int32_t start;                  ///< first code unit
    int32_t content_end;            ///< end of its content (before mandatory break characters)
    int32_t end;                    ///< where the next segment starts (after break characters)
    int32_t first_grapheme;         ///< its clusters in tl_analysis.graphemes
    int32_t grapheme_count;
    int32_t trailing_spaces_start;  ///< first cluster (relative) of its trailing run of hanging
                                    ///< space separators; grapheme_count when none
    uint8_t ends_paragraph;         ///< a mandatory break or the end of the text follows
    uint8_t shaped;                 ///< 0 when its content is empty (or could not be shaped)
    uint16_t first_props;           ///< tl_run props of the run its first code unit is in
    uint16_t last_props;            ///< tl_run props of the run its last content unit is in
    double joint;                   ///< in em, what a line holding both this segment and the
                                    ///< next adds between them: shaping its last cluster and the
                                    ///< next one's first together, less each shaped alone (0
                                    ///< across fonts, paragraphs or unshaped segments)
} tl_segment;

/// What tl_analyse_text found, in this thread's scratch space (valid until the thread's next
/// tl_analyse_text call).
typedef struct tl_analysis {
    const tl_segment *segments;
    int32_t segment_count;
    const tl_grapheme *graphemes;
    int32_t grapheme_count;
    int32_t has_joints;  ///< 1 when some segment's joint is not 0
} tl_analysis;

/// Cuts `text` at its UAX #14 break opportunities (mandatory break characters end their
/// segment and are not shaped), and gives each segment its clusters: from `cache` when every
/// segment of a paragraph is there (keyed with the paragraph's runs that segment lies in, from
/// tl_paragraph_runs), else by shaping the paragraph once with tl_shape_segment in its runs,
/// cutting it at the segments (each segment's last cluster gets its unkerned `tail`, so it
/// measures as if shaped alone; a segment whose bounds fall inside a cluster is shaped alone)
/// and storing the missing ones. Last, gives each segment its `joint` with the next
/// (tl_segment_joints). `face_ids` name the fonts for the cache (never reused for
/// another font; a NULL `cache` shapes everything). A text ending in a mandatory break gets an empty last segment. Returns the
/// segment count, or -1 when out of memory.
int32_t tl_analyse_text(tl_segment_cache *cache, const uint64_t *face_ids, const tl_font *fonts,
                        int32_t font_count, const uint16_t *text, int32_t length,
                        tl_analysis *out);

/// One line filled by tl_measure_text.
typedef struct tl_line {
    double width;        ///< ink width in points (hanging white space excluded)
    uint64_t font_mask;  ///< bit i set when font i shaped something on it (1 when none did)
    int32_t start;       ///< UTF-16 offset of its first code unit
    int32_t end;         ///< UTF-16 offset where the next line starts
} tl_line;

/// How tl_measure_text fills lines.
typedef struct tl_fill_options {
    double size;                  ///< points per em
    double limit;                 ///< the width a line must fit, in points
    int32_t breaks_at_graphemes;  ///< 1: every grapheme boundary is a break opportunity
    int32_t max_lines;            ///< lines kept (INT32_MAX: all)
} tl_fill_options;

/// The lines tl_measure_text filled, in this thread's scratch space (valid until the thread's
/// next tl_measure_text call).
typedef struct tl_fill_result {
    const tl_line *lines;
    int32_t line_count;
    int32_t truncated;            ///< 1 when max_lines cut some of the text off
} tl_fill_result;

/// A bounded, thread-safe cache of analysed texts (their segments and clusters), keyed by (face
/// ids, exact UTF-8 bytes). Two generations of at most `capacity` texts, in arenas, split into
/// shards with a mutex each; a thread also keeps its own copies of the few texts it repeats.
typedef struct tl_text_cache tl_text_cache;

/// A cache of at most `capacity` (at least 2) texts; NULL when out of memory.
tl_text_cache *tl_text_cache_create(int64_t capacity);

/// Frees the cache and every entry.
void tl_text_cache_destroy(tl_text_cache *cache);

/// Drops every entry (the hit and miss counts stay).
void tl_text_cache_clear(tl_text_cache *cache);

/// Entries held now and lookups answered and missed since creation.
void tl_text_cache_counts(tl_text_cache *cache, int64_t *entries, int64_t *hits, int64_t *misses);

/// The lookups threads answered from their own copies of the cache's texts (part of the hits).
int64_t tl_text_cache_memo_hits(tl_text_cache *cache);

/// The two slots of a thread's memo a text with these fonts and bytes may be copied into.
void tl_text_memo_slots(const uint64_t *face_ids, int32_t font_count, const uint8_t *utf8, int64_t length,
                        int32_t *first, int32_t *second);

/// Fills the lines of a text (`length` bytes of valid UTF-8) greedily, as TextEngine's
/// LineFiller does with the same arithmetic: each line takes as many break segments as fit
/// `limit`, trailing white space hangs, a segment wider than an empty line (or every segment,
/// with `breaks_at_graphemes`) is placed cluster by cluster, mandatory breaks end a line. The
/// text's analysis comes from the thread's copy of it, else from `texts` (filled under the
/// shard's lock), else from tl_analyse_text (through `segments`) and is then stored; a text
/// over 65,536 UTF-16 units is analysed and filled a window of segments at a time and not
/// stored, so its memory stays a small multiple of the text. Returns 0, or -1 when out of
/// memory or the text is too long (over 2^29 bytes).
int32_t tl_measure_text(tl_text_cache *texts, tl_segment_cache *segments, const uint64_t *face_ids,
                        const tl_font *fonts, int32_t font_count, const uint8_t *utf8,
                        int64_t length, tl_fill_options options, tl_fill_result *out);

/// A 64-bit hash of `length` bytes (wyhash-style mixing), for cache keys.
uint64_t tl_hash_bytes(const void *bytes, int64_t length, uint64_t seed);

/// Writes the UTF-16 form of `length` bytes of valid UTF-8 to `out` (room for `length` units
/// always suffices) and returns the unit count, or -1 when the bytes end inside a character.
int64_t tl_utf8_to_utf16(const uint8_t *bytes, int64_t length, uint16_t *out);

// Glyph ids and outlines for drawing measured text.
#include "tl_glyphs.h"
// How far a text's lines at a width stay alike (height curves).
#include "tl_fill_probe.h"

#endif
