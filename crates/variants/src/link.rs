//! f-puzzles links: `https://www.f-puzzles.com/?load=N4Ig...`, the puzzle's JSON compressed
//! with lz-string's `compressToBase64` (pieroxy's LZ-based format: a dictionary coder writing
//! codes of growing bit width, six bits per base64 character).
//!
//! Compression is the `lz-str` crate's. Decompression is written here, from the published
//! algorithm, because a link is untrusted input: the crate copies every dictionary entry, so a
//! crafted link of some kilobytes makes it build gigabytes (each code can name an entry one
//! longer than the last). Here an entry is its prefix's number and one more character, and the
//! output is capped at [`MAX_TEXT`] characters.

/// The longest JSON text a link may decompress to, in UTF-16 units (4 Mi: a 16x16 puzzle with
/// every kind of clue is some tens of kilobytes).
pub const MAX_TEXT: usize = 4 << 20;

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why a link could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LinkError {
    /// A character that base64 does not use.
    #[error("character {0:?} at position {1} is not base64")]
    Character(char, usize),
    /// The data ends before its end code, or names a dictionary entry that does not exist.
    #[error("the compressed data is damaged (at code {0})")]
    Damaged(usize),
    /// The text would be longer than [`MAX_TEXT`].
    #[error("the link decompresses to more than {MAX_TEXT} characters")]
    TooLong,
    /// The text is not UTF-16.
    #[error("the link decompresses to text that is not valid Unicode")]
    Unicode,
}

/// The `load=` string of an f-puzzles link (or the string itself): what follows `load=` up to
/// `&` or `#`, percent-escapes decoded, spaces read as `+` (as URLs turn them).
pub fn load_string(text: &str) -> String {
    let t = text.trim();
    let s = match t.find("load=") {
        Some(k) => &t[k + 5..],
        None => t,
    };
    let s = s.split(['&', '#']).next().unwrap_or("");
    let mut out = String::with_capacity(s.len());
    let b = s.as_bytes();
    let mut k = 0;
    while k < b.len() {
        let c = b[k];
        if c == b'%' && k + 2 < b.len() {
            let hex = std::str::from_utf8(&b[k + 1..k + 3]).ok();
            if let Some(v) = hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                out.push(v as char);
                k += 3;
                continue;
            }
        }
        out.push(if c == b' ' { '+' } else { c as char });
        k += 1;
    }
    out
}

/// Compresses `text` as lz-string's `compressToBase64` does.
pub fn compress(text: &str) -> String {
    lz_str::compress_to_base64(text)
}

/// The link that opens `json` in f-puzzles.
pub fn to_link(json: &str) -> String {
    format!("https://www.f-puzzles.com/?load={}", compress(json))
}

/// A dictionary entry: its prefix entry (`u32::MAX` for none), its last and first characters.
#[derive(Clone, Copy)]
struct Entry {
    prefix: u32,
    last: u16,
    first: u16,
}

struct Bits<'a> {
    data: &'a [u8],
    index: usize,
    val: u32,
    position: u32,
}

impl Bits<'_> {
    fn value(&self, k: usize) -> Result<u32, LinkError> {
        match self.data.get(k) {
            None => Ok(0),
            Some(&c) => BASE64
                .iter()
                .position(|&b| b == c)
                .map(|p| p as u32)
                .ok_or(LinkError::Character(c as char, k)),
        }
    }

    /// Reads `n` bits, least significant first (lz-string's order).
    fn read(&mut self, n: u32) -> Result<u32, LinkError> {
        let mut bits = 0u32;
        for p in 0..n {
            let b = self.val & self.position;
            self.position >>= 1;
            if self.position == 0 {
                self.position = 32;
                self.val = self.value(self.index)?;
                self.index += 1;
            }
            if b != 0 {
                bits |= 1 << p;
            }
        }
        Ok(bits)
    }
}

/// Decompresses lz-string's `compressToBase64` output (`=` padding is ignored).
pub fn decompress(input: &str) -> Result<String, LinkError> {
    let data: Vec<u8> = input.bytes().filter(|&b| b != b'=').collect();
    if let Some((k, &c)) = data.iter().enumerate().find(|(_, c)| !BASE64.contains(c)) {
        return Err(LinkError::Character(c as char, k));
    }
    if data.is_empty() {
        return Ok(String::new());
    }
    let mut bits = Bits {
        data: &data,
        index: 1,
        val: 0,
        position: 32,
    };
    bits.val = bits.value(0)?;
    let damaged = |k: usize| LinkError::Damaged(k);
    // Entries 0, 1 and 2 are the codes "8-bit character", "16-bit character" and "end".
    let mut dict: Vec<Entry> = vec![
        Entry {
            prefix: u32::MAX,
            last: 0,
            first: 0,
        };
        3
    ];
    let mut out: Vec<u16> = Vec::new();
    let literal = |bits: &mut Bits, code: u32| -> Result<u16, LinkError> {
        Ok(bits.read(if code == 0 { 8 } else { 16 })? as u16)
    };
    let first = bits.read(2)?;
    let c = match first {
        0 | 1 => literal(&mut bits, first)?,
        2 => return Ok(String::new()),
        _ => return Err(damaged(0)),
    };
    dict.push(Entry {
        prefix: u32::MAX,
        last: c,
        first: c,
    });
    out.push(c);
    let mut w = 3u32;
    let mut num_bits = 3u32;
    let mut enlarge_in = 4u64;
    let mut scratch: Vec<u16> = Vec::new();
    let mut codes = 1usize;
    loop {
        if bits.index > data.len() + 1 {
            return Err(damaged(codes));
        }
        codes += 1;
        let mut code = bits.read(num_bits)?;
        match code {
            0 | 1 => {
                let ch = literal(&mut bits, code)?;
                dict.push(Entry {
                    prefix: u32::MAX,
                    last: ch,
                    first: ch,
                });
                code = (dict.len() - 1) as u32;
                enlarge_in -= 1;
            }
            2 => {
                return String::from_utf16(&out).map_err(|_| LinkError::Unicode);
            }
            _ => {}
        }
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        let added = if (code as usize) < dict.len() && code >= 3 {
            false
        } else if code as usize == dict.len() {
            // The entry being defined: w followed by w's first character.
            let wf = dict[w as usize].first;
            dict.push(Entry {
                prefix: w,
                last: wf,
                first: wf,
            });
            true
        } else {
            return Err(damaged(codes));
        };
        // Write the entry out: walk back along the prefixes.
        scratch.clear();
        let mut k = code;
        while k != u32::MAX {
            let e = dict[k as usize];
            scratch.push(e.last);
            k = e.prefix;
            if out.len() + scratch.len() > MAX_TEXT {
                return Err(LinkError::TooLong);
            }
        }
        out.extend(scratch.iter().rev());
        let entry_first = dict[code as usize].first;
        if !added {
            // The new entry: w followed by the first character of the entry just written.
            let wf = dict[w as usize].first;
            dict.push(Entry {
                prefix: w,
                last: entry_first,
                first: wf,
            });
        }
        enlarge_in -= 1;
        w = code;
        if enlarge_in == 0 {
            enlarge_in = 1 << num_bits;
            num_bits += 1;
        }
        if num_bits > 24 {
            return Err(LinkError::TooLong);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_the_crates_compressor() {
        let texts = [
            String::new(),
            "a".to_string(),
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".to_string(),
            r#"{"size":9,"grid":[[{},{},{"value":3,"given":true}]],"title":"été ✓"}"#.to_string(),
            "abababababababcabcabcabcbabcbacbacbacb".repeat(40),
        ];
        for t in &texts {
            let c = compress(t);
            assert_eq!(decompress(&c).unwrap(), *t, "{t}");
            // The crate's own decompressor agrees (on these small inputs).
            let theirs =
                lz_str::decompress_from_base64(&c).map(|v| String::from_utf16(&v).unwrap());
            assert_eq!(theirs.as_deref(), Some(t.as_str()));
        }
    }

    #[test]
    fn bad_links_are_errors_not_panics() {
        assert!(matches!(
            decompress("N4Ig!"),
            Err(LinkError::Character('!', 4))
        ));
        assert!(decompress("N4IgzglgXgpiBcBOANCA").is_err());
        // Every prefix of a real link fails cleanly or gives a prefix of the text.
        let c = compress(&"{\"size\":9,\"grid\":[]}".repeat(10));
        for k in 0..c.len() {
            let _ = decompress(&c[..k]);
        }
    }

    #[test]
    fn load_strings_come_out_of_links() {
        assert_eq!(
            load_string("https://f-puzzles.com/?load=N4Ig%2Babc&x=1"),
            "N4Ig+abc"
        );
        assert_eq!(load_string("N4Ig abc"), "N4Ig+abc");
        assert_eq!(load_string("  N4Igabc==  "), "N4Igabc==");
    }
}
