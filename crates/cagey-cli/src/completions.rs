//! `cagey completions SHELL` and `cagey man`: shell completion scripts (clap_complete) and
//! manual pages (clap_mangen), both made from the command's own clap definitions so that
//! they always match the installed binary.

use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::Context;
use clap_complete::Shell;

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
pub fn completions(args: &CompletionsArgs, mut command: clap::Command) -> anyhow::Result<Status> {
    let mut out = io::stdout().lock();
    clap_complete::generate(args.shell, &mut command, "cagey", &mut out);
    out.flush()?;
    Ok(Status::Ok)
}

/// Prints the top page of `command` in roff, or writes every page into `--out`.
pub fn man(args: &ManArgs, command: clap::Command) -> anyhow::Result<Status> {
    match &args.out {
        None => {
            let mut out = io::stdout().lock();
            clap_mangen::Man::new(command).render(&mut out)?;
            out.flush()?;
        }
        Some(dir) => {
            fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
            clap_mangen::generate_to(command, dir)
                .with_context(|| format!("cannot write the pages into {}", dir.display()))?;
        }
    }
    Ok(Status::Ok)
}
