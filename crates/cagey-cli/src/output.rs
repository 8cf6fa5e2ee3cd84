//! Writing the files the commands make so that nothing is lost: every file (`print`'s
//! booklet and answer key, `render`'s pictures, `explain --svg`'s steps, `man --out`'s
//! pages) is written whole to a temporary file in its own folder, flushed and synced to
//! disk, and only then renamed over the old one. A rename within a folder is atomic, so a
//! failure at any point (a full disk, a file-size limit, an error in a later puzzle) leaves
//! the old file as it was and no half-written one; the temporary file is removed.
//!
//! What can be known before any work is checked first ([`Target::new`], [`refuse_clashes`]):
//! a folder that does not exist, an output that is one of the inputs, two outputs that are
//! the same file. "The same" is the file's identity (device and inode, read from its
//! metadata without opening it, which would block on a FIFO), not its name as written:
//! `same.pdf`, `./same.pdf` and `link/same.pdf` through a symlinked folder are one file.
//! Two outputs that do not exist yet are compared by their folder, resolved, and their name.
//!
//! Writing in place (`fs::write`) was the old way, and the reason for this module: a write
//! stopped half-way destroyed the good file that was there before. It is still the way for
//! what is not a regular file (`/dev/null`, `/dev/stdout`, a FIFO): there is no old content
//! to keep, and renaming over a device would replace the device.

use std::ffi::OsString;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use tempfile::{Builder, TempPath};

/// The most symlinks followed from an output's name to its file, as the system's own limit
/// (`ELOOP`, 40 on Linux): past it, a loop.
const MAX_LINKS: usize = 40;

/// The mode a new file is made with, before the umask takes its share: what `fs::write`
/// gives (0644 under the usual umask 022). A temporary file's own default, 0600, would
/// publish a booklet no one else can read.
#[cfg(unix)]
const NEW_FILE_MODE: u32 = 0o666;

/// A file to be written, checked before any work: its folder exists, it is not a folder.
#[derive(Clone, Debug)]
pub struct Target {
    /// The path as the user gave it, for messages.
    shown: PathBuf,
    /// The path written: the one given, or, for a symlink, the file it points to, so that
    /// the link stays a link, as it did when files were written in place.
    path: PathBuf,
    /// Whether the path is something other than a regular file (a device, a FIFO), written
    /// in place.
    special: bool,
}

impl Target {
    /// Checks that `path` can be a file to write: its folder exists and it is not itself a
    /// folder. The file itself may or may not exist.
    pub fn new(path: &Path) -> anyhow::Result<Target> {
        let shown = path.to_path_buf();
        if let Ok(meta) = fs::metadata(path) {
            if meta.is_dir() {
                bail!("cannot write {}: it is a folder", shown.display());
            }
            if !meta.is_file() {
                return Ok(Target {
                    path: shown.clone(),
                    shown,
                    special: true,
                });
            }
        }
        let path =
            resolve_links(path).with_context(|| format!("cannot write {}", shown.display()))?;
        if path.file_name().is_none() {
            bail!("cannot write `{}`: it names no file", shown.display());
        }
        let folder = folder(&path);
        match fs::metadata(folder) {
            Ok(meta) if meta.is_dir() => {}
            Ok(_) => bail!(
                "cannot write {}: `{}` is not a folder",
                shown.display(),
                folder.display()
            ),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => bail!(
                "cannot write {}: the folder `{}` does not exist",
                shown.display(),
                folder.display()
            ),
            Err(error) => {
                return Err(error).with_context(|| {
                    format!("cannot write {}: cannot open its folder", shown.display())
                })
            }
        }
        Ok(Target {
            shown,
            path,
            special: false,
        })
    }

    /// Writes `bytes` whole into a temporary file beside the target, to be renamed into
    /// place by [`Staged::commit`]; dropped uncommitted, the temporary file is removed.
    pub fn stage(&self, bytes: &[u8]) -> anyhow::Result<Staged> {
        ignore_file_size_signal();
        if self.special {
            return Ok(Staged {
                pending: Pending::InPlace(bytes.to_vec()),
                target: self.clone(),
            });
        }
        let context = || format!("cannot write {}", self.shown.display());
        let old = fs::metadata(&self.path).ok();
        let mut builder = Builder::new();
        builder.prefix(".cagey-").suffix(".tmp");
        #[cfg(unix)]
        if old.is_none() {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(fs::Permissions::from_mode(NEW_FILE_MODE));
        }
        let mut file = builder
            .tempfile_in(folder(&self.path))
            .with_context(context)?;
        // A replaced file keeps its permissions: a booklet shared with a group stays shared.
        if let Some(old) = old {
            file.as_file()
                .set_permissions(old.permissions())
                .with_context(context)?;
        }
        file.write_all(bytes).with_context(context)?;
        file.flush().with_context(context)?;
        // Synced before the rename, so that a crash after it cannot leave an empty file
        // under the good name.
        file.as_file().sync_all().with_context(context)?;
        Ok(Staged {
            pending: Pending::Temp(file.into_temp_path()),
            target: self.clone(),
        })
    }

    /// Writes `bytes` as the whole file: staged, then renamed into place.
    pub fn write(&self, bytes: &[u8]) -> anyhow::Result<()> {
        self.stage(bytes)?.commit()
    }

    /// What the file is, to tell whether two names are one file.
    fn identity(&self) -> anyhow::Result<Identity> {
        if let Some(id) = file_id(&self.path) {
            return Ok(Identity::Existing(id));
        }
        let folder = folder(&self.path);
        let folder = fs::canonicalize(folder).with_context(|| {
            format!(
                "cannot write {}: cannot open its folder",
                self.shown.display()
            )
        })?;
        let name = self.path.file_name().unwrap_or_default().to_os_string();
        Ok(Identity::New { folder, name })
    }
}

/// A file written whole beside its target, waiting to be renamed into place.
pub struct Staged {
    /// What is left to do.
    pending: Pending,
    /// Where it goes.
    target: Target,
}

/// What committing a staged file does.
enum Pending {
    /// Rename this temporary file (removed if dropped) into place.
    Temp(TempPath),
    /// Write these bytes into a device or FIFO.
    InPlace(Vec<u8>),
}

impl Staged {
    /// Renames the file into place, replacing the old one in one step.
    pub fn commit(self) -> anyhow::Result<()> {
        let Staged { pending, target } = self;
        let context = || format!("cannot write {}", target.shown.display());
        match pending {
            Pending::Temp(temp) => temp
                .persist(&target.path)
                .map_err(|error| error.error)
                .with_context(context),
            Pending::InPlace(bytes) => fs::write(&target.path, bytes).with_context(context),
        }
    }
}

/// What a name refers to: an existing file, or a file yet to be made in a folder.
#[derive(PartialEq, Eq)]
enum Identity {
    /// A file that exists.
    Existing(FileId),
    /// A file not yet made: its folder, resolved, and its name.
    New { folder: PathBuf, name: OsString },
}

/// What tells files apart: the device and inode.
#[cfg(unix)]
type FileId = (u64, u64);

/// What tells files apart where there are no inodes: the full path, links resolved.
#[cfg(not(unix))]
type FileId = PathBuf;

/// The identity of the file at `path`, following symlinks, if it exists.
fn file_id(path: &Path) -> Option<FileId> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        fs::metadata(path).ok().map(|meta| (meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        fs::canonicalize(path).ok()
    }
}

/// The path a chain of symlinks at `path` ends at, which need not exist: writing through a
/// link to nothing makes its target, as writing in place did.
fn resolve_links(path: &Path) -> anyhow::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let is_link = fs::symlink_metadata(&path).is_ok_and(|meta| meta.file_type().is_symlink());
        if !is_link {
            return Ok(path);
        }
        let target = fs::read_link(&path)?;
        // A relative link is relative to the folder it is in.
        path = folder(&path).join(target);
    }
    bail!("too many levels of symbolic links")
}

/// Refuses, before any work, outputs that would overwrite one of `inputs` or each other:
/// the later file would replace the earlier, or the input would be gone before it was read.
/// `-` (standard input) is no file and is skipped, as is an input that cannot be opened
/// (reading it says why).
pub fn refuse_clashes(outputs: &[&Target], inputs: &[PathBuf]) -> anyhow::Result<()> {
    let inputs: Vec<(&PathBuf, FileId)> = inputs
        .iter()
        .filter(|path| path.as_os_str() != "-")
        .filter_map(|path| file_id(path).map(|id| (path, id)))
        .collect();
    let mut seen: Vec<(&Target, Identity)> = Vec::new();
    // Writing to a device or pipe loses nothing: a terminal that is both input and output
    // (`render /dev/stdin -o /dev/stdout`) is fine.
    for &output in outputs.iter().filter(|output| !output.special) {
        let identity = output.identity()?;
        if let Identity::Existing(id) = &identity {
            if let Some((input, _)) = inputs.iter().find(|(_, input)| input == id) {
                bail!(
                    "cannot write {}: it is also an input ({}), which would be lost",
                    output.shown.display(),
                    input.display()
                );
            }
        }
        if let Some((earlier, _)) = seen.iter().find(|(_, other)| *other == identity) {
            bail!(
                "{} and {} are the same file: the second would replace the first",
                earlier.shown.display(),
                output.shown.display()
            );
        }
        seen.push((output, identity));
    }
    Ok(())
}

/// The folder a file is in: `.` for a bare name.
fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

/// Ignores SIGXFSZ, once, before the first file is written. A write past a file-size limit
/// (`ulimit -f`) then fails with an error the command reports, and the temporary file is
/// removed; by default the signal kills the process mid-write, which leaves the old file
/// safe but a temporary one behind. Done here rather than at start, so that only commands
/// that write files are touched (`serve` starts a browser, which would inherit it).
fn ignore_file_size_signal() {
    #[cfg(unix)]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            // SAFETY: setting a signal's disposition to "ignore" installs no handler and
            // touches no state of this program; `signal` is safe to call from any thread.
            unsafe {
                libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder of the test's own in the system's temporary folder.
    fn folder() -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }

    #[test]
    fn a_write_replaces_the_file_whole_and_keeps_its_permissions() {
        let dir = folder();
        let path = dir.path().join("a.txt");
        Target::new(&path).unwrap().write(b"first").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"first");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&path, fs::Permissions::from_mode(0o604)).unwrap();
        }
        let staged = Target::new(&path).unwrap().stage(b"second").unwrap();
        assert_eq!(
            fs::read(&path).unwrap(),
            b"first",
            "not replaced before the commit"
        );
        staged.commit().unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o604);
        }
        // A staged file dropped uncommitted leaves nothing behind.
        drop(Target::new(&path).unwrap().stage(b"third").unwrap());
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
        assert_eq!(fs::read(&path).unwrap(), b"second");
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_keeps_pointing_at_the_file_written() {
        let dir = folder();
        let (file, link) = (dir.path().join("file.txt"), dir.path().join("link.txt"));
        // A link to nothing yet: writing through it makes the file, as `fs::write` would.
        std::os::unix::fs::symlink("file.txt", &link).unwrap();
        Target::new(&link).unwrap().write(b"through").unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read(&file).unwrap(), b"through");
    }

    #[test]
    fn what_is_not_a_regular_file_is_written_in_place() {
        // Renaming over /dev/null would replace the device; only checked, never written.
        #[cfg(unix)]
        assert!(Target::new(Path::new("/dev/null")).unwrap().special);
        let dir = folder();
        assert!(!Target::new(&dir.path().join("new.txt")).unwrap().special);
    }

    #[test]
    fn a_missing_folder_and_a_folder_are_refused() {
        let dir = folder();
        let error = Target::new(&dir.path().join("no/such.txt")).unwrap_err();
        assert!(error.to_string().contains("does not exist"), "{error}");
        let error = Target::new(dir.path()).unwrap_err();
        assert!(error.to_string().contains("is a folder"), "{error}");
        assert!(
            Target::new(Path::new("bare-name.txt")).is_ok(),
            "a bare name is in `.`"
        );
    }

    #[test]
    fn one_file_by_two_names_is_refused() {
        let dir = folder();
        let plain = dir.path().join("same.pdf");
        let dotted = dir.path().join(".").join("same.pdf");
        let other = dir.path().join("other.pdf");
        let targets = |paths: &[&PathBuf]| -> Vec<Target> {
            paths.iter().map(|p| Target::new(p).unwrap()).collect()
        };
        let check = |targets: &[Target], inputs: &[PathBuf]| {
            refuse_clashes(&targets.iter().collect::<Vec<_>>(), inputs)
        };
        // Neither exists: the same folder and name.
        let error = check(&targets(&[&plain, &dotted]), &[]).unwrap_err();
        assert!(error.to_string().contains("are the same file"), "{error}");
        assert!(check(&targets(&[&plain, &other]), &[]).is_ok());
        // Both exist: the same inode.
        fs::write(&plain, "x").unwrap();
        assert!(check(&targets(&[&plain, &dotted]), &[]).is_err());
        // An input.
        let error = check(&targets(&[&dotted]), std::slice::from_ref(&plain)).unwrap_err();
        assert!(error.to_string().contains("is also an input"), "{error}");
        assert!(check(&targets(&[&other]), &[plain.clone(), "-".into()]).is_ok());
    }
}
