//! Writing the files the commands make so that nothing is lost: every file (`print`'s
//! booklet and answer key, `render`'s pictures, `explain --svg`'s steps, `man --out`'s
//! pages) is written whole to a temporary file in its own folder, flushed and synced to
//! disk, and only then renamed over the old one. A rename within a folder is atomic, so a
//! failure at any point (a full disk, a file-size limit, an error in a later puzzle) leaves
//! the old file as it was and no half-written one; the temporary file is removed.
//!
//! What can be known before any work is checked first ([`Target::new`], [`refuse_clashes`]):
//! a folder that does not exist, an output that is one of the inputs, two outputs that are
//! the same file. "The same" is the file's identity (device and inode, through `same-file`),
//! not its name as written: `same.pdf`, `./same.pdf` and `link/same.pdf` through a
//! symlinked folder are one file. Two outputs that do not exist yet are compared by their
//! folder, resolved, and their name.
//!
//! Writing in place (`fs::write`) was the old way, and the reason for this module: a write
//! stopped half-way destroyed the good file that was there before.

use std::ffi::OsString;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use same_file::Handle;
use tempfile::{Builder, TempPath};

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
}

impl Target {
    /// Checks that `path` can be a file to write: its folder exists and it is not itself a
    /// folder. The file itself may or may not exist.
    pub fn new(path: &Path) -> anyhow::Result<Target> {
        let shown = path.to_path_buf();
        let is_link = fs::symlink_metadata(path).is_ok_and(|meta| meta.file_type().is_symlink());
        // A link to nothing is replaced like a file: there is no target to keep.
        let path = match is_link {
            true => fs::canonicalize(path).unwrap_or(shown.clone()),
            false => shown.clone(),
        };
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
        if path.is_dir() {
            bail!("cannot write {}: it is a folder", shown.display());
        }
        Ok(Target { shown, path })
    }

    /// Writes `bytes` whole into a temporary file beside the target, to be renamed into
    /// place by [`Staged::commit`]; dropped uncommitted, the temporary file is removed.
    pub fn stage(&self, bytes: &[u8]) -> anyhow::Result<Staged> {
        ignore_file_size_signal();
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
            temp: file.into_temp_path(),
            target: self.clone(),
        })
    }

    /// Writes `bytes` as the whole file: staged, then renamed into place.
    pub fn write(&self, bytes: &[u8]) -> anyhow::Result<()> {
        self.stage(bytes)?.commit()
    }

    /// What the file is, to tell whether two names are one file.
    fn identity(&self) -> anyhow::Result<Identity> {
        if let Ok(handle) = Handle::from_path(&self.path) {
            return Ok(Identity::Existing(handle));
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
    /// The temporary file, removed if dropped.
    temp: TempPath,
    /// Where it goes.
    target: Target,
}

impl Staged {
    /// Renames the file into place, replacing the old one in one step.
    pub fn commit(self) -> anyhow::Result<()> {
        let Staged { temp, target } = self;
        temp.persist(&target.path)
            .map_err(|error| error.error)
            .with_context(|| format!("cannot write {}", target.shown.display()))
    }
}

/// What a name refers to: an existing file, or a file yet to be made in a folder.
#[derive(PartialEq, Eq)]
enum Identity {
    /// A file that exists, known by its device and inode.
    Existing(Handle),
    /// A file not yet made: its folder, resolved, and its name.
    New { folder: PathBuf, name: OsString },
}

/// Refuses, before any work, outputs that would overwrite one of `inputs` or each other:
/// the later file would replace the earlier, or the input would be gone before it was read.
/// `-` (standard input) is no file and is skipped, as is an input that cannot be opened
/// (reading it says why).
pub fn refuse_clashes(outputs: &[&Target], inputs: &[PathBuf]) -> anyhow::Result<()> {
    let inputs: Vec<(&PathBuf, Handle)> = inputs
        .iter()
        .filter(|path| path.as_os_str() != "-")
        .filter_map(|path| Handle::from_path(path).ok().map(|handle| (path, handle)))
        .collect();
    let mut seen: Vec<(&Target, Identity)> = Vec::new();
    for &output in outputs {
        let identity = output.identity()?;
        if let Identity::Existing(handle) = &identity {
            if let Some((input, _)) = inputs.iter().find(|(_, input)| input == handle) {
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
