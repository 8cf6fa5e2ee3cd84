#!/usr/bin/env python3
"""Checks a PDF/X-4 booklet that `cagey print --pdfx 4` wrote, as far as tools from PyPI can.

No free PDF/X validator installs from the registries this project uses (veraPDF checks
PDF/A and PDF/UA, not PDF/X; the PDF/X preflights are commercial), so this reads the file
back with pikepdf (qpdf) and the embedded profile with Pillow's ImageCms (Little CMS), and
checks the rules of ISO 15930-7 that can be read off the objects: one GTS_PDFX
OutputIntent with an output profile that Little CMS opens (class, space and /N agreeing),
the XMP with the PDF/X version and the IDs, dates, title and trapping agreeing with the
document information, a file ID that is the DocumentID, a header of 1.6, every page's
TrimBox inside its BleedBox inside its MediaBox, every font embedded, only grey ink in the
page content, and no encryption, annotations, actions or JavaScript. It cannot judge what
a real preflight would (the content streams' every operator, transparency, the profile's
fitness for a press): docs/print.md says what was checked, and how.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pikepdf pillow
    /tmp/venv/bin/python scripts/check-pdfx.py book.pdf [key.pdf ...]

Prints what it checked and exits 0, or names the first rule broken and exits 1.
"""

import io
import re
import sys

import pikepdf
from PIL import ImageCms


def fail(path, why):
    print(f"{path}: {why}", file=sys.stderr)
    sys.exit(1)


def inside(inner, outer):
    return (
        inner[0] >= outer[0]
        and inner[1] >= outer[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def check(path):
    pdf = pikepdf.open(path)
    with open(path, "rb") as file:
        if not file.read(9).startswith(b"%PDF-1.6"):
            fail(path, "the header is not %PDF-1.6")
    if pdf.is_encrypted:
        fail(path, "encrypted")

    intents = [i for i in pdf.Root.get("/OutputIntents", []) if i.get("/S") == "/GTS_PDFX"]
    if len(intents) != 1:
        fail(path, f"{len(intents)} GTS_PDFX OutputIntents, not one")
    intent = intents[0]
    for key in ("/OutputConditionIdentifier", "/DestOutputProfile"):
        if key not in intent:
            fail(path, f"the OutputIntent has no {key}")
    stream = intent.DestOutputProfile
    data = stream.read_bytes()
    if int.from_bytes(data[0:4], "big") != len(data) or data[36:40] != b"acsp":
        fail(path, "the output profile's header is not an ICC profile's")
    profile = ImageCms.ImageCmsProfile(io.BytesIO(data)).profile
    if profile.device_class != "prtr":
        fail(path, f"the output profile is a {profile.device_class!r}, not an output profile")
    components = {"GRAY": 1, "RGB ": 3, "CMYK": 4}.get(profile.xcolor_space)
    if components != int(stream.N):
        fail(path, f"/N {stream.N} for a {profile.xcolor_space!r} profile")

    info = pdf.docinfo
    if str(info.get("/GTS_PDFXVersion")) != "PDF/X-4" or info.get("/Trapped") != "/False":
        fail(path, "the document information lacks GTS_PDFXVersion PDF/X-4 or Trapped False")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if key not in info:
            fail(path, f"the document information has no {key}")

    if "/Metadata" not in pdf.Root:
        fail(path, "no XMP metadata")
    with pdf.open_metadata() as meta:
        wanted = {
            "pdfxid:GTS_PDFXVersion": "PDF/X-4",
            "dc:title": str(info.Title),
            "pdf:Trapped": "False",
            "xmpMM:VersionID": None,
            "xmpMM:RenditionClass": None,
            "xmp:CreateDate": None,
            "xmp:ModifyDate": None,
            "xmp:MetadataDate": None,
            "xmpMM:DocumentID": None,
            "xmpMM:InstanceID": None,
            "pdf:Producer": str(info.get("/Producer")),
            "xmp:CreatorTool": str(info.get("/Creator")),
        }
        for key, value in wanted.items():
            got = meta.get(key)
            if got is None or (value is not None and str(got) != value):
                fail(path, f"the XMP's {key} is {got!r}, not {value!r}")
        # The Info dictionary's D:YYYYMMDDHHmmSSZ and the XMP's ISO 8601 say one moment.
        date = re.sub(r"[-:TZ]", "", str(meta["xmp:CreateDate"]))
        if not str(info.CreationDate).startswith("D:" + date):
            fail(path, "the XMP's CreateDate is not the document information's")
        document = str(meta["xmpMM:DocumentID"]).removeprefix("uuid:").replace("-", "")

    ids = [bytes(part).hex() for part in pdf.trailer.get("/ID", [])]
    if len(ids) != 2 or ids[0] != document:
        fail(path, f"the file ID {ids} is not the DocumentID {document}")

    forbidden = re.compile(rb"(^|\s)(rg|RG|k|K|cs|CS|sc|SC|scn|SCN)(\s|$)")
    for number, page in enumerate(pdf.pages, 1):
        media, trim = page.MediaBox, page.get("/TrimBox")
        bleed = page.get("/BleedBox", media)
        if trim is None or not (inside(trim, bleed) and inside(bleed, media)):
            fail(path, f"page {number}: no TrimBox inside its BleedBox inside its MediaBox")
        if "/Annots" in page or "/AA" in page:
            fail(path, f"page {number}: annotations or actions")
        content = b"\n".join(s.read_bytes() for s in page.obj.Contents.as_list()) if isinstance(
            page.obj.Contents, pikepdf.Array
        ) else page.obj.Contents.read_bytes()
        # Text strings could hold these letters; the booklet's text is hex glyph IDs.
        if forbidden.search(content):
            fail(path, f"page {number}: ink other than DeviceGray")
        for name, font in page.Resources.get("/Font", {}).items():
            for descendant in font.get("/DescendantFonts", [font]):
                descriptor = descendant.get("/FontDescriptor", {})
                if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                    fail(path, f"page {number}: font {name} is not embedded")
    for key in ("/OpenAction", "/AA", "/Names", "/AcroForm"):
        if key in pdf.Root:
            fail(path, f"the catalog has {key}")

    print(
        f"{path}: PDF/X-4 as far as checked: {len(pdf.pages)} pages, "
        f"{profile.xcolor_space.strip()} output profile {len(data)} bytes "
        f"({ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(data))).strip()})"
    )


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    for path in sys.argv[1:]:
        check(path)
