//! PDF/X-4 (ISO 15930-7), the form of PDF a press's preflight asks for: what a booklet
//! written to it adds to the plain one, and nothing else.
//!
//! The plain booklet already keeps most of PDF/X's rules: every font is embedded, all ink
//! is DeviceGray, there are no annotations, scripts or forms, every page has a TrimBox (and
//! a BleedBox with a bleed). What PDF/X adds is a statement about the file:
//!
//! - an OutputIntent (`/S /GTS_PDFX`) in the catalog, naming the printing condition with
//!   an embedded ICC output profile ([`super::icc`]'s grey one, since the ink is grey),
//! - an XMP metadata stream in the catalog: `pdfxid:GTS_PDFXVersion` "PDF/X-4", the title,
//!   the dates, the document's IDs (`xmpMM:DocumentID`, `InstanceID`, `VersionID`,
//!   `RenditionClass`) and `pdf:Trapped` False,
//! - in the document information, the same title, creator, producer and dates, `/Trapped
//!   /False` and `/GTS_PDFXVersion`,
//! - a file identifier (`/ID`) in the trailer, and a header of `%PDF-1.6`, the version
//!   PDF/X-4 is written against (the plain booklet says 1.7, pdf-writer's default; it
//!   needs no feature past 1.6).
//!
//! A plain booklet holds no date and no identifier, so that the same puzzles and options
//! give the same bytes. PDF/X needs both; to keep that property the date is the front
//! end's ([`PdfX::created`]: `SOURCE_DATE_EPOCH` or the clock, [`creation_time`]), and the
//! identifiers are a hash of the booklet's own bytes and that date, never random. The same
//! puzzles, options and date give the same PDF/X booklet.
//!
//! A title is required: a booklet without one is titled [`UNTITLED`].

use std::str::FromStr;

use pdf_writer::writers::{Catalog, DocumentInfo};
use pdf_writer::{Date, Name, Pdf, Ref, TextStr};
use siphasher::sip128::{Hasher128, SipHasher13};

use super::icc;
use crate::render::RenderError;

/// A booklet written to PDF/X: which version, and when it was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PdfX {
    /// The version of PDF/X.
    pub version: PdfXVersion,
    /// When the booklet was made, in seconds since 1970-01-01 00:00 UTC, up to
    /// [`LATEST_CREATED`]: its creation, modification and metadata dates. A front end sets
    /// it ([`creation_time`]); the library never reads the clock, so that the same inputs
    /// and date give the same bytes.
    pub created: u64,
}

/// The versions of PDF/X a booklet can be written to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PdfXVersion {
    /// PDF/X-4 (ISO 15930-7): PDF 1.6, colour-managed or device ink, transparency allowed,
    /// the output profile embedded. What presses ask for today.
    X4,
}

impl PdfXVersion {
    /// The version's name as PDF/X writes it: `PDF/X-4`.
    pub fn name(self) -> &'static str {
        match self {
            PdfXVersion::X4 => "PDF/X-4",
        }
    }
}

impl FromStr for PdfXVersion {
    type Err = RenderError;
    /// `4`, `x4`, `x-4` or `pdf/x-4`, in any case.
    fn from_str(text: &str) -> Result<PdfXVersion, RenderError> {
        let lower = text.trim().to_ascii_lowercase();
        let bare = lower.strip_prefix("pdf/").unwrap_or(&lower);
        let bare = bare.strip_prefix('x').unwrap_or(bare);
        let bare = bare.strip_prefix('-').unwrap_or(bare);
        match bare {
            "4" => Ok(PdfXVersion::X4),
            _ => Err(RenderError::UnknownPdfX(text.to_string())),
        }
    }
}

/// The last second a PDF date can write, 9999-12-31 23:59:59 UTC: its years have four
/// digits.
pub const LATEST_CREATED: u64 = 253_402_300_799;

/// The title of a PDF/X booklet that was given none: PDF/X requires one.
pub const UNTITLED: &str = "Puzzles";

/// When a booklet made now was made, for [`PdfX::created`]: `SOURCE_DATE_EPOCH` when it is
/// set (the convention of reproducible builds: seconds since 1970, UTC), else the clock.
///
/// Fails if `SOURCE_DATE_EPOCH` is set but not a number of seconds up to
/// [`LATEST_CREATED`].
pub fn creation_time() -> Result<u64, RenderError> {
    match std::env::var("SOURCE_DATE_EPOCH") {
        Ok(text) => match text.trim().parse::<u64>() {
            Ok(seconds) if seconds <= LATEST_CREATED => Ok(seconds),
            _ => Err(RenderError::SourceDateEpoch(text)),
        },
        Err(_) => Ok(web_time::SystemTime::now()
            .duration_since(web_time::UNIX_EPOCH)
            .map_or(0, |since| since.as_secs())),
    }
}

/// A moment in UTC, as a calendar date and a time of day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Moment {
    year: u16,
    month: u8,
    day: u8,
    hour: u8,
    minute: u8,
    second: u8,
}

impl Moment {
    /// The moment `seconds` after 1970-01-01 00:00 UTC (up to [`LATEST_CREATED`]), in the
    /// Gregorian calendar.
    fn from_unix(seconds: u64) -> Moment {
        let days = seconds / 86_400;
        let time = seconds % 86_400;
        // Counted from 0000-03-01, so that a leap day is the last day of its year: the
        // calendar repeats every 400 years (146,097 days), and within them a year is 365
        // days and one more every 4th, not every 100th, again every 400th.
        let from_march = days + 719_468;
        let era = from_march / 146_097;
        let day_of_era = from_march % 146_097;
        let year_of_era =
            (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
        let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        // Months from March, of 31, 30, 31, 30, 31, 31, 30, 31, 30, 31, 31 and 29 days.
        let month_from_march = (5 * day_of_year + 2) / 153;
        let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
        let month = if month_from_march < 10 {
            month_from_march + 3
        } else {
            month_from_march - 9
        };
        let year = era * 400 + year_of_era + u64::from(month <= 2);
        Moment {
            year: year as u16,
            month: month as u8,
            day: day as u8,
            hour: (time / 3_600) as u8,
            minute: (time / 60 % 60) as u8,
            second: (time % 60) as u8,
        }
    }

    /// As a PDF date, in UTC: `D:20261101093000Z`.
    fn pdf(self) -> Date {
        Date::new(self.year)
            .month(self.month)
            .day(self.day)
            .hour(self.hour)
            .minute(self.minute)
            .second(self.second)
            .utc_offset_hour(0)
    }

    /// As an XMP date (ISO 8601), in UTC: `2026-11-01T09:30:00Z`.
    fn xmp(self) -> String {
        format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
            self.year, self.month, self.day, self.hour, self.minute, self.second
        )
    }
}

/// Checks that `pdfx` can be written: its date is one a PDF date can say.
pub(crate) fn check(pdfx: &PdfX) -> Result<(), RenderError> {
    match pdfx.created <= LATEST_CREATED {
        true => Ok(()),
        false => Err(RenderError::CreatedTooLate(pdfx.created)),
    }
}

/// What the document says of itself, in both the document information and the XMP, which
/// PDF/X requires to agree.
pub(crate) struct About<'a> {
    pub title: &'a str,
    pub creator: &'a str,
    pub producer: &'a str,
}

/// What PDF/X adds to a booklet, once its profile and metadata are written: the catalog's
/// and the document information's entries, and the trailer's ID.
pub(crate) struct Marks {
    version: PdfXVersion,
    profile: Ref,
    metadata: Ref,
    created: Moment,
    id: [u8; 16],
}

/// The keys of the hash behind the IDs: any fixed numbers do, so long as they never change
/// (they are "cagey pdf/x" and "document"/"instance" in ASCII).
const DOCUMENT_KEYS: (u64, u64) = (0x6361_6765_7920_7064, 0x646f_6375_6d65_6e74);
const INSTANCE_KEYS: (u64, u64) = (0x6361_6765_7920_7064, 0x696e_7374_616e_6365);

impl Marks {
    /// Writes the output profile and the XMP metadata into `pdf`, taking object numbers
    /// from `next`. The IDs are a hash of everything written so far (the pages and the
    /// font), the title and the date: two booklets that differ in any of them differ in
    /// ID, and the same booklet made twice has the same one.
    pub fn write(pdf: &mut Pdf, next: &mut Ref, pdfx: &PdfX, about: &About<'_>) -> Marks {
        let created = Moment::from_unix(pdfx.created.min(LATEST_CREATED));
        let hash = |keys: (u64, u64)| -> [u8; 16] {
            let mut hasher = SipHasher13::new_with_keys(keys.0, keys.1);
            std::hash::Hasher::write(&mut hasher, pdf.as_bytes());
            std::hash::Hasher::write(&mut hasher, about.title.as_bytes());
            std::hash::Hasher::write(&mut hasher, &pdfx.created.to_be_bytes());
            uuid_bytes(hasher.finish128().as_bytes())
        };
        let id = hash(DOCUMENT_KEYS);
        let instance = hash(INSTANCE_KEYS);

        let profile_bytes = icc::grey_output_profile();
        let profile = next.bump();
        pdf.icc_profile(profile, &profile_bytes).n(1);

        let metadata = next.bump();
        let xmp = xmp(&Xmp {
            version: pdfx.version,
            about,
            created,
            document_id: &uuid(id),
            instance_id: &uuid(instance),
        });
        pdf.metadata(metadata, xmp.as_bytes());

        Marks {
            version: pdfx.version,
            profile,
            metadata,
            created,
            id,
        }
    }

    /// The catalog's OutputIntent and metadata.
    pub fn catalog(&self, catalog: &mut Catalog<'_>) {
        catalog.metadata(self.metadata);
        let mut intents = catalog.output_intents();
        let mut intent = intents.push();
        intent
            .subtype(pdf_writer::types::OutputIntentSubtype::PDFX)
            // Not a registered condition (as FOGRA39 is), so the profile is the definition
            // and the identifier says so.
            .output_condition_identifier(TextStr("Custom"))
            .output_condition(TextStr(icc::DESCRIPTION))
            .info(TextStr(icc::DESCRIPTION))
            .dest_output_profile(self.profile);
    }

    /// The document information's dates, trapping and PDF/X version.
    pub fn info(&self, info: &mut DocumentInfo<'_>) {
        info.creation_date(self.created.pdf());
        info.modified_date(self.created.pdf());
        info.trapped(pdf_writer::types::TrappingStatus::NotTrapped);
        info.pair(Name(b"GTS_PDFXVersion"), TextStr(self.version.name()));
    }

    /// The header's version and the trailer's ID, set on `pdf` before it is finished.
    pub fn finish(&self, pdf: &mut Pdf) {
        pdf.set_version(1, 6);
        pdf.set_file_id((self.id.to_vec(), self.id.to_vec()));
    }
}

/// 16 bytes of a hash marked as a UUID of version 8 (made by its own rule, RFC 9562) of the
/// RFC's variant: six of its bits say so. The trailer's ID is these bytes too, so that it
/// and the XMP's DocumentID are one number.
fn uuid_bytes(hash: [u8; 16]) -> [u8; 16] {
    let mut bytes = hash;
    bytes[6] = (bytes[6] & 0x0f) | 0x80;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    bytes
}

/// A UUID's bytes as its URN, as XMP's IDs are written: `uuid:0f3c…`.
fn uuid(bytes: [u8; 16]) -> String {
    let hex: String = bytes.iter().map(|byte| format!("{byte:02x}")).collect();
    format!(
        "uuid:{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

/// What the XMP packet says.
struct Xmp<'a> {
    version: PdfXVersion,
    about: &'a About<'a>,
    created: Moment,
    document_id: &'a str,
    instance_id: &'a str,
}

/// `text` escaped for XML's text and attributes.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            _ => escaped.push(ch),
        }
    }
    escaped
}

/// The XMP packet: one description holding the Dublin Core title, the XMP basic dates and
/// creator tool, the media-management IDs, the PDF schema's producer and trapping, and the
/// PDF/X version. Written uncompressed, as PDF/X and PDF/A readers expect metadata.
fn xmp(xmp: &Xmp<'_>) -> String {
    let date = xmp.created.xmp();
    format!(
        "<?xpacket begin=\"\u{feff}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n\
         <x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n\
         <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n\
         <rdf:Description rdf:about=\"\"\n \
         xmlns:dc=\"http://purl.org/dc/elements/1.1/\"\n \
         xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"\n \
         xmlns:xmpMM=\"http://ns.adobe.com/xap/1.0/mm/\"\n \
         xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\"\n \
         xmlns:pdfxid=\"http://www.npes.org/pdfx/ns/id/\">\n\
         <dc:format>application/pdf</dc:format>\n\
         <dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">{title}</rdf:li></rdf:Alt></dc:title>\n\
         <xmp:CreatorTool>{creator}</xmp:CreatorTool>\n\
         <xmp:CreateDate>{date}</xmp:CreateDate>\n\
         <xmp:ModifyDate>{date}</xmp:ModifyDate>\n\
         <xmp:MetadataDate>{date}</xmp:MetadataDate>\n\
         <xmpMM:DocumentID>{document_id}</xmpMM:DocumentID>\n\
         <xmpMM:InstanceID>{instance_id}</xmpMM:InstanceID>\n\
         <xmpMM:VersionID>1</xmpMM:VersionID>\n\
         <xmpMM:RenditionClass>default</xmpMM:RenditionClass>\n\
         <pdf:Producer>{producer}</pdf:Producer>\n\
         <pdf:Trapped>False</pdf:Trapped>\n\
         <pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>\n\
         </rdf:Description>\n\
         </rdf:RDF>\n\
         </x:xmpmeta>\n\
         <?xpacket end=\"w\"?>",
        title = escape(xmp.about.title),
        creator = escape(xmp.about.creator),
        producer = escape(xmp.about.producer),
        document_id = xmp.document_id,
        instance_id = xmp.instance_id,
        version = xmp.version.name(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_since_1970_are_calendar_dates_in_utc() {
        let moment = |seconds| {
            let m = Moment::from_unix(seconds);
            (m.year, m.month, m.day, m.hour, m.minute, m.second)
        };
        assert_eq!(moment(0), (1970, 1, 1, 0, 0, 0));
        assert_eq!(moment(951_782_400), (2000, 2, 29, 0, 0, 0));
        assert_eq!(moment(1_700_000_000), (2023, 11, 14, 22, 13, 20));
        assert_eq!(moment(4_107_542_399), (2100, 2, 28, 23, 59, 59));
        assert_eq!(moment(4_107_542_400), (2100, 3, 1, 0, 0, 0));
        assert_eq!(moment(LATEST_CREATED), (9999, 12, 31, 23, 59, 59));
        assert_eq!(
            Moment::from_unix(1_700_000_000).xmp(),
            "2023-11-14T22:13:20Z"
        );
    }

    #[test]
    fn versions_are_named_as_the_standard_names_them() {
        for text in ["4", "X-4", "x4", "PDF/X-4", " pdf/x4 "] {
            assert_eq!(text.parse::<PdfXVersion>(), Ok(PdfXVersion::X4), "{text}");
        }
        for text in ["", "1a", "x-5", "pdf/a", "44"] {
            assert!(text.parse::<PdfXVersion>().is_err(), "{text}");
        }
        assert_eq!(
            "3".parse::<PdfXVersion>().unwrap_err().to_string(),
            "PDF/X \"3\": only PDF/X-4 is written: choose 4"
        );
    }

    #[test]
    fn uuids_are_version_8_of_the_rfc_variant() {
        let id = uuid(uuid_bytes([0xff; 16]));
        assert_eq!(id, "uuid:ffffffff-ffff-8fff-bfff-ffffffffffff");
        assert_eq!(
            uuid(uuid_bytes([0; 16])),
            "uuid:00000000-0000-8000-8000-000000000000"
        );
    }

    #[test]
    fn the_xmp_escapes_the_title() {
        let about = About {
            title: "Cats & <Dogs>",
            creator: "cagey",
            producer: "cagey 1",
        };
        let text = xmp(&Xmp {
            version: PdfXVersion::X4,
            about: &about,
            created: Moment::from_unix(0),
            document_id: "uuid:a",
            instance_id: "uuid:b",
        });
        assert!(text.contains(">Cats &amp; &lt;Dogs&gt;</rdf:li>"), "{text}");
        assert!(text.contains("<xmp:CreateDate>1970-01-01T00:00:00Z</xmp:CreateDate>"));
    }
}
