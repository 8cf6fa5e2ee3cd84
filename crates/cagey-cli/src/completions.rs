//! `cagey completions SHELL` and `cagey man`: shell completion scripts (clap_complete) and
//! manual pages (clap_mangen), both made from the command's own clap definitions so that
//! they always match the installed binary. Pages are written whole and renamed into place
//! ([`crate::output`]), so a failure leaves the old pages.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap_complete::Shell;

use crate::output::Target;
use crate::Status;

/// Print a shell completion script: bash, zsh, fish, elvish or powershell.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples (see docs/cli.md for where each shell looks):
  cagey completions bash > ~/.local/share/bash-completion/completions/cagey
  cagey completions zsh > ~/.zfunc/_cagey
  cagey completions fish > ~/.config/fish/completions/cagey.fish")]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    shell: Shell,
}

/// Print the manual page in roff, or write one page per subcommand with --out.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Examples:
  cagey man | man -l -                     read it now
  cagey man --out ~/.local/share/man/man1  install cagey.1 and cagey-solve.1, ...")]
pub struct ManArgs {
    /// Write cagey.1 and a page per subcommand (cagey-solve.1, ...) into this directory.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// Writes the completion script for `args.shell` of `command` to standard output.
///
/// The script is made in memory first: `clap_complete::generate` panics when a write fails
/// (a full disk, `> /dev/full`), so it never writes to the terminal or pipe itself, and a
/// failed write here is an error like any other (a closed pipe, `| head`, ends quietly).
pub fn completions(args: &CompletionsArgs, mut command: clap::Command) -> anyhow::Result<Status> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "cagey", &mut script);
    let mut out = io::stdout().lock();
    out.write_all(&script)
        .and_then(|()| out.flush())
        .context("cannot write the completion script")?;
    Ok(Status::Ok)
}

/// Prints the top page of `command` in roff, or writes every page into `--out`.
pub fn man(args: &ManArgs, command: clap::Command) -> anyhow::Result<Status> {
    match &args.out {
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            let mut out = io::stdout().lock();
            out.write_all(&page)
                .and_then(|()| out.flush())
                .context("cannot write the manual page")?;
        }
        Some(dir) => {
            fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
            // As `clap_mangen::generate_to` does it (help subcommand off, hidden ones left
            // out, the same file names), but each page made in memory and written whole:
            // that function writes in place, and a failure left a page cut short.
            let mut command = command.disable_help_subcommand(true);
            command.build();
            write_pages(command, dir)?;
        }
    }
    Ok(Status::Ok)
}

/// Writes the page of `command` and of each of its subcommands, at any depth, into `dir`.
fn write_pages(command: clap::Command, dir: &Path) -> anyhow::Result<()> {
    for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        write_pages(sub.clone(), dir)?;
    }
    let man = clap_mangen::Man::new(command);
    let mut page = Vec::new();
    man.render(&mut page)?;
    Target::new(&dir.join(man.get_filename()))?.write(&page)
}
