//! How the server is set up: the time bound of each heavy request and how many run at
//! once, and who may use it. A room of its own so that the state every handler shares is
//! built from it without reaching up to the crate's root.

use std::net::IpAddr;
use std::time::Duration;

use crate::connections::ConnectionLimits;
use crate::heavy;

/// How long one solve, count, explanation or generation may run by default: the library's
/// for the page's questions ([`cagey::service::DEFAULT_TIME_LIMIT`]), the same in the
/// browser engine.
pub const DEFAULT_TIME_LIMIT: Duration = match cagey::service::DEFAULT_TIME_LIMIT.duration() {
    Some(limit) => limit,
    None => panic!("the page's default is a limit"),
};

/// How the server is set up.
#[derive(Clone, Debug)]
pub struct Config {
    /// The time bound of each heavy request.
    pub time_limit: Duration,
    /// How many heavy requests may run at once; more wait up to `slot_wait` for a slot, then
    /// are answered 503.
    pub heavy_slots: usize,
    /// How long a heavy request waits for a free slot: [`heavy::SLOT_WAIT`] by default.
    pub slot_wait: Duration,
    /// Who may use the server: [`Access::local`] by default.
    pub access: Access,
    /// How long a connection may wait on its client, and how many may be open.
    pub connections: ConnectionLimits,
}

impl Default for Config {
    /// [`DEFAULT_TIME_LIMIT`], one heavy request per core, [`heavy::SLOT_WAIT`], only this
    /// machine's own page and programs ([`Access::local`]), and the default connection
    /// limits.
    fn default() -> Config {
        Config {
            time_limit: DEFAULT_TIME_LIMIT,
            heavy_slots: std::thread::available_parallelism().map_or(1, |n| n.get()),
            slot_wait: heavy::SLOT_WAIT,
            access: Access::local(),
            connections: ConnectionLimits::default(),
        }
    }
}

/// Who may use the server: the names a request may address it by (its `Host`) and the
/// pages it may come from (its `Origin`). `docs/web.md` says which attack each rule stops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Access {
    /// This machine's own page and programs (the default): a request's `Host` is a
    /// loopback name or address (`localhost`, `127.0.0.1` or any of 127.0.0.0/8, `[::1]`;
    /// with any port) or one of `hosts`; its `Origin`, when it has one, names such a host.
    Local {
        /// The names or addresses accepted besides the loopback ones, without a port: the
        /// address the server was bound to when that is not loopback (`cagey serve --bind`).
        hosts: Vec<String>,
    },
    /// Anyone who can reach the server (`cagey serve --allow-remote`): any `Host`; an
    /// `Origin`, when the request has one, must name the same host and port as its `Host`,
    /// so that only the server's own page, wherever it is opened from, uses it.
    Remote,
}

impl Access {
    /// Loopback names and addresses only.
    pub fn local() -> Access {
        Access::Local { hosts: Vec::new() }
    }

    /// [`Access::Local`] for a server bound to `ip`: the loopback names and addresses, and
    /// `ip` itself when it is neither loopback nor unspecified (`0.0.0.0` and `::` stand for
    /// every address of the machine, which no request names as such).
    pub fn bound_to(ip: IpAddr) -> Access {
        let hosts = if ip.is_loopback() || ip.is_unspecified() {
            Vec::new()
        } else {
            vec![ip.to_string()]
        };
        Access::Local { hosts }
    }
}
