//! The grey output profile a PDF/X booklet names as its printing condition: a small ICC
//! version 2 profile of a monochrome printer, built here byte by byte rather than bundled.
//!
//! PDF/X asks every file to say what press it was made for, with an ICC output profile
//! embedded in its OutputIntent. A booklet's ink is all DeviceGray, which a press prints
//! with the black plate alone, so a grey profile (`prtr` class, `GRAY` space) is the right
//! one: a CMYK profile would claim three inks the book never uses, and bundling a press's
//! published profile would bring its licence along.
//!
//! The profile is the four tags ICC.1:2001-04 asks of a monochrome output profile, after a
//! 128-byte header and the tag table (every number big-endian):
//!
//! ```text
//!   0  header     size, version 2.1, class 'prtr', space 'GRAY', PCS 'XYZ ', 'acsp', D50
//! 128  tag count  4, then (signature, offset, size) for each:
//!      desc       textDescriptionType: the profile's name, in ASCII (no Unicode, no Mac)
//!      cprt       textType: who may use it
//!      wtpt       XYZType: the paper's white, D50 (the PCS's white: relative to the paper)
//!      kTRC       curveType: [`CURVE_POINTS`] points from device grey to the PCS's Y
//! ```
//!
//! The curve is the press's dot gain, which a plain gamma would not say: a tint of `c`
//! (ink cover, `1 - grey`) prints as `c + 4 · g · c · (1 - c)`, a parabola through paper and
//! solid that adds [`DOT_GAIN`] (20 points) at 50%: the mid-tone gain of coated paper on an
//! offset press, as the familiar "Dot Gain 20%" grey profiles take it. The printed cover
//! darkens the paper in proportion (the Murray–Davies rule) from white at `Y = 1` to the
//! solid's black at `Y = 0`. So the grids' thin cell lines, a 60% tint (grey 0.4), are
//! expected to print as 79% cover: the profile tells a proofing tool what the plate will
//! do, and changes no ink, since DeviceGray goes to the plate as it is.

/// The mid-tone dot gain the curve models: a 50% tint prints as 70% cover.
pub(crate) const DOT_GAIN: f64 = 0.20;

/// Points in the grey curve: 256, one per 8-bit grey level; lcms and every RIP interpolate
/// between them.
pub(crate) const CURVE_POINTS: usize = 256;

/// The profile's name (its `desc` tag), which the OutputIntent repeats.
pub(crate) const DESCRIPTION: &str = "cagey grey: black ink on white paper, 20% dot gain";

/// The profile's `cprt` tag. It is made by this code, not taken from anyone.
const COPYRIGHT: &str = "No copyright: made by cagey, free to use";

/// The PCS's illuminant and the paper's white: D50, as s15Fixed16 numbers (0.9642, 1.0,
/// 0.8249), the values ICC.1 gives.
const D50: [u32; 3] = [0x0000_F6D6, 0x0001_0000, 0x0000_D32D];

/// The profile's date in its header, fixed so that the profile, and the booklet that holds
/// it, are the same bytes every time: the day this profile was first written.
const DATE: [u16; 6] = [2026, 11, 1, 0, 0, 0];

/// The size of the header, before the tag table.
const HEADER: usize = 128;

/// The grey output profile's bytes.
pub(crate) fn grey_output_profile() -> Vec<u8> {
    let tags: [(&[u8; 4], Vec<u8>); 4] = [
        (b"desc", text_description(DESCRIPTION)),
        (b"cprt", text(COPYRIGHT)),
        (b"wtpt", xyz(D50)),
        (b"kTRC", curve()),
    ];
    // The tag table: a count, then 12 bytes a tag; each tag's data starts on a 4-byte
    // boundary, as the format requires.
    let table = 4 + 12 * tags.len();
    let mut data = Vec::new();
    let mut entries = Vec::new();
    for (signature, bytes) in &tags {
        let offset = HEADER + table + data.len();
        entries.push((*signature, offset, bytes.len()));
        data.extend_from_slice(bytes);
        while data.len() % 4 != 0 {
            data.push(0);
        }
    }
    let size = HEADER + table + data.len();

    let mut profile = Vec::with_capacity(size);
    put_u32(&mut profile, size as u32);
    profile.extend_from_slice(&[0; 4]); // no preferred CMM
    put_u32(&mut profile, 0x0210_0000); // version 2.1.0
    profile.extend_from_slice(b"prtr"); // an output device
    profile.extend_from_slice(b"GRAY");
    profile.extend_from_slice(b"XYZ ");
    for part in DATE {
        profile.extend_from_slice(&part.to_be_bytes());
    }
    profile.extend_from_slice(b"acsp");
    // Platform, flags, manufacturer, model, attributes (reflective, glossy, positive,
    // colour: all zero) and the rendering intent (perceptual): none of them matter here.
    profile.extend_from_slice(&[0; 4 + 4 + 4 + 4 + 8 + 4]);
    for value in D50 {
        put_u32(&mut profile, value);
    }
    // The creator, the profile ID (version 4 only) and the reserved bytes.
    profile.resize(HEADER, 0);

    put_u32(&mut profile, tags.len() as u32);
    for (signature, offset, length) in entries {
        profile.extend_from_slice(signature);
        put_u32(&mut profile, offset as u32);
        put_u32(&mut profile, length as u32);
    }
    profile.extend_from_slice(&data);
    debug_assert_eq!(profile.len(), size);
    profile
}

/// The curve's value at grey `grey` (0 black, 1 white): the PCS's Y, 0 to 1.
pub(crate) fn printed_y(grey: f64) -> f64 {
    let cover = 1.0 - grey;
    let printed = cover + 4.0 * DOT_GAIN * cover * (1.0 - cover);
    1.0 - printed
}

fn put_u32(bytes: &mut Vec<u8>, value: u32) {
    bytes.extend_from_slice(&value.to_be_bytes());
}

/// A `desc` tag: the ASCII text with its count (ending NUL included), then an empty Unicode
/// part (language code and count 0) and an empty Macintosh ScriptCode part (code and count
/// 0, and its 67 bytes, zero).
fn text_description(text: &str) -> Vec<u8> {
    let mut bytes = b"desc\0\0\0\0".to_vec();
    put_u32(&mut bytes, text.len() as u32 + 1);
    bytes.extend_from_slice(text.as_bytes());
    bytes.push(0);
    bytes.extend_from_slice(&[0; 4 + 4]);
    bytes.extend_from_slice(&[0; 2 + 1 + 67]);
    bytes
}

/// A `text` tag: ASCII, ending in NUL.
fn text(text: &str) -> Vec<u8> {
    let mut bytes = b"text\0\0\0\0".to_vec();
    bytes.extend_from_slice(text.as_bytes());
    bytes.push(0);
    bytes
}

/// An `XYZ ` tag of one colour.
fn xyz(xyz: [u32; 3]) -> Vec<u8> {
    let mut bytes = b"XYZ \0\0\0\0".to_vec();
    for value in xyz {
        put_u32(&mut bytes, value);
    }
    bytes
}

/// The `curv` tag: [`CURVE_POINTS`] values of [`printed_y`] at evenly spaced greys, each
/// a 16-bit fraction of 1.
fn curve() -> Vec<u8> {
    let mut bytes = b"curv\0\0\0\0".to_vec();
    put_u32(&mut bytes, CURVE_POINTS as u32);
    let last = (CURVE_POINTS - 1) as f64;
    for point in 0..CURVE_POINTS {
        let y = printed_y(point as f64 / last).clamp(0.0, 1.0);
        let value = (y * 65535.0).round() as u16;
        bytes.extend_from_slice(&value.to_be_bytes());
    }
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn u32_at(bytes: &[u8], at: usize) -> u32 {
        u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap())
    }

    #[test]
    fn the_profile_is_a_grey_printer_whose_size_and_tags_add_up() {
        let profile = grey_output_profile();
        assert_eq!(u32_at(&profile, 0) as usize, profile.len());
        assert_eq!(&profile[36..40], b"acsp");
        assert_eq!(&profile[12..16], b"prtr");
        assert_eq!(&profile[16..20], b"GRAY");
        assert_eq!(&profile[20..24], b"XYZ ");
        assert_eq!(profile[8], 2, "version 2");
        let count = u32_at(&profile, HEADER) as usize;
        let mut signatures = Vec::new();
        for tag in 0..count {
            let entry = HEADER + 4 + 12 * tag;
            let (offset, size) = (
                u32_at(&profile, entry + 4) as usize,
                u32_at(&profile, entry + 8) as usize,
            );
            assert_eq!(offset % 4, 0);
            assert!(offset + size <= profile.len());
            let kind = &profile[offset..offset + 4];
            signatures.push((profile[entry..entry + 4].to_vec(), kind.to_vec()));
        }
        assert_eq!(
            signatures,
            [
                (b"desc".to_vec(), b"desc".to_vec()),
                (b"cprt".to_vec(), b"text".to_vec()),
                (b"wtpt".to_vec(), b"XYZ ".to_vec()),
                (b"kTRC".to_vec(), b"curv".to_vec()),
            ]
        );
        // The same bytes every time.
        assert_eq!(grey_output_profile(), profile);
    }

    /// The curve runs from solid black to paper, always lighter as the grey is, and a 50%
    /// tint prints as 70% cover.
    #[test]
    fn the_curve_is_a_dot_gain_of_20_points_at_50_percent() {
        assert_eq!(printed_y(0.0), 0.0);
        assert_eq!(printed_y(1.0), 1.0);
        assert!((printed_y(0.5) - 0.3).abs() < 1e-12);
        let points: Vec<u16> = curve()[12..]
            .chunks(2)
            .map(|pair| u16::from_be_bytes([pair[0], pair[1]]))
            .collect();
        assert_eq!(points.len(), CURVE_POINTS);
        assert_eq!((points[0], points[CURVE_POINTS - 1]), (0, 65535));
        assert!(points.windows(2).all(|pair| pair[0] < pair[1]));
    }
}
