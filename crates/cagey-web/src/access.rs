//! Who may use the server: a check of every request's `Host` and `Origin` against the
//! server's [`Access`], before any route sees it. (The third rule, that a POST body is
//! `application/json`, is the body reader's, in `request.rs`.)
//!
//! The server has no accounts: on loopback, being able to connect is the permission. A web
//! page in the user's browser can connect too, and these rules keep such pages out:
//!
//! - **DNS rebinding.** A page at `http://evil.example:8080/` makes its name resolve to
//!   127.0.0.1 a moment later; its own script then fetches `http://evil.example:8080/api/...`,
//!   which the browser sends to this server as same-origin, and reads the answers. The
//!   browser still names `evil.example` in `Host`, so a server that answers only requests
//!   addressed to its own names (loopback, or the address it was bound to) answers none of
//!   that page's.
//! - **Cross-site requests (CSRF).** Any page may send a POST to `http://127.0.0.1:8080/`
//!   (a form, or `fetch` in `no-cors` mode) and have the server do the work, even if it
//!   cannot read the answer. Browsers name the page that sends such a request in `Origin`;
//!   a request whose `Origin` is some other site is refused. Programs (`curl`, scripts)
//!   send no `Origin` and are served.
//!
//! With [`Access::Remote`] (`cagey serve --allow-remote`) the server is meant to be reached
//! by other names, so `Host` is not checked, which lets DNS rebinding through: a LAN server
//! is for a network you trust. `Origin` must still match `Host`, so other sites' pages cannot
//! use it.

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::config::Access;
use crate::error::ApiError;

/// Refuses, with 403, a request that `access` does not admit; passes the others on.
pub(crate) async fn guard(
    State(access): State<Arc<Access>>,
    request: Request,
    next: Next,
) -> Response {
    match access.admit(request.headers(), request.uri()) {
        Ok(()) => next.run(request).await,
        Err(error) => error.into_response(),
    }
}

/// A host and port as a request names them (`localhost:8080`, `[::1]`): the host without
/// brackets, the port if one is given.
#[derive(Debug, PartialEq, Eq)]
struct Authority<'a> {
    host: &'a str,
    port: Option<u16>,
}

impl<'a> Authority<'a> {
    /// Reads `host`, `host:port`, `[v6]` or `[v6]:port`; `None` for anything else.
    fn parse(text: &'a str) -> Option<Authority<'a>> {
        let (host, port) = match text.strip_prefix('[') {
            Some(rest) => {
                let (host, after) = rest.split_once(']')?;
                let port = match after {
                    "" => None,
                    _ => Some(after.strip_prefix(':')?),
                };
                (host, port)
            }
            None => match text.split_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (text, None),
            },
        };
        if host.is_empty() {
            return None;
        }
        let port = match port {
            Some(port) => Some(port.parse().ok()?),
            None => None,
        };
        Some(Authority { host, port })
    }

    /// Whether the host is this machine's by name or address: `localhost` (a browser never
    /// looks that name up in DNS, so no page can rebind it) or a loopback address.
    fn is_loopback(&self) -> bool {
        let name = self.host.strip_suffix('.').unwrap_or(self.host);
        name.eq_ignore_ascii_case("localhost")
            || name
                .parse::<IpAddr>()
                .is_ok_and(|ip| ip.to_canonical().is_loopback())
    }

    /// Whether the host is `other`, a name (in any case) or an address (in any spelling).
    fn is_host(&self, other: &str) -> bool {
        let host = self.host.strip_suffix('.').unwrap_or(self.host);
        let other = other.trim_start_matches('[').trim_end_matches(']');
        match (host.parse::<IpAddr>(), other.parse::<IpAddr>()) {
            (Ok(a), Ok(b)) => a.to_canonical() == b.to_canonical(),
            _ => host.eq_ignore_ascii_case(other),
        }
    }
}

/// An `Origin` header's scheme and authority: `http://localhost:8080` is `("http",
/// localhost:8080)`; `None` for `null` (a sandboxed page, a file) or anything else.
fn origin(text: &str) -> Option<(&str, Authority<'_>)> {
    let (scheme, rest) = text.split_once("://")?;
    Some((scheme, Authority::parse(rest)?))
}

/// The port a URL of `scheme` means when it names none.
fn default_port(scheme: &str) -> Option<u16> {
    match scheme.to_ascii_lowercase().as_str() {
        "http" | "ws" => Some(80),
        "https" | "wss" => Some(443),
        _ => None,
    }
}

impl Access {
    /// Whether a request with `headers` for `uri` may be served; if not, the 403 answer.
    ///
    /// The host a request is addressed to is its `Host`, and its URI's host when the
    /// request line names one (`GET http://host/ HTTP/1.1`): both must pass. A request with
    /// neither is served: every browser sends `Host`, and the checks are against browsers.
    fn admit(&self, headers: &HeaderMap, uri: &Uri) -> Result<(), ApiError> {
        let host_header = match headers.get(header::HOST) {
            Some(value) => Some(value.to_str().map_err(|_| refused_host("?"))?),
            None => None,
        };
        let hosts = host_header
            .into_iter()
            .chain(uri.authority().map(|a| a.as_str()));
        for host in hosts {
            self.admit_host(host)?;
        }
        let Some(origin_header) = headers.get(header::ORIGIN) else {
            return Ok(());
        };
        let text = origin_header.to_str().unwrap_or("?");
        let Some((scheme, page)) = origin(text) else {
            return Err(refused_origin(text));
        };
        let admitted = match self {
            Access::Local { hosts } => {
                page.is_loopback() || hosts.iter().any(|name| page.is_host(name))
            }
            // The page must be this server's: same host, same port.
            Access::Remote => host_header.and_then(Authority::parse).is_some_and(|host| {
                page.is_host(host.host)
                    && page.port.or_else(|| default_port(scheme)) == host.port.or(Some(80))
            }),
        };
        if admitted {
            Ok(())
        } else {
            Err(refused_origin(text))
        }
    }

    /// Whether a request addressed to `host` may be served.
    fn admit_host(&self, host: &str) -> Result<(), ApiError> {
        let Access::Local { hosts } = self else {
            return Ok(());
        };
        match Authority::parse(host) {
            Some(name) if name.is_loopback() || hosts.iter().any(|h| name.is_host(h)) => Ok(()),
            _ => Err(refused_host(host)),
        }
    }
}

fn refused_host(host: &str) -> ApiError {
    ApiError::Forbidden(format!(
        "this server answers only requests addressed to this machine (localhost, 127.0.0.1 or [::1]) or to the address it serves on, not to {host:?} (a page of another site may have made its name point here); `cagey serve --allow-remote` serves any name"
    ))
}

fn refused_origin(origin: &str) -> ApiError {
    ApiError::Forbidden(format!(
        "requests from the page at {origin:?} are refused: only this server's own page may use it"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn admits(access: &Access, host: Option<&str>, origin: Option<&str>) -> bool {
        let mut headers = HeaderMap::new();
        if let Some(host) = host {
            headers.insert(header::HOST, host.parse().unwrap());
        }
        if let Some(origin) = origin {
            headers.insert(header::ORIGIN, origin.parse().unwrap());
        }
        access
            .admit(&headers, &Uri::from_static("/api/examples"))
            .is_ok()
    }

    #[test]
    fn authorities_are_read_with_and_without_ports() {
        let read = |text| Authority::parse(text).map(|a| (a.host, a.port));
        assert_eq!(read("localhost"), Some(("localhost", None)));
        assert_eq!(read("localhost:8080"), Some(("localhost", Some(8080))));
        assert_eq!(read("[::1]:80"), Some(("::1", Some(80))));
        assert_eq!(read("[::1]"), Some(("::1", None)));
        for bad in [
            "",
            ":80",
            "localhost:",
            "localhost:x",
            "[::1",
            "[::1]x",
            "::1",
            "a:1:2",
        ] {
            assert_eq!(read(bad), None, "{bad}");
        }
    }

    #[test]
    fn local_access_takes_loopback_names_and_the_hosts_given() {
        let local = Access::local();
        for host in [
            "localhost",
            "LOCALHOST:8080",
            "localhost.",
            "127.0.0.1:1",
            "127.0.0.2",
            "[::1]:8080",
            "[::ffff:127.0.0.1]",
        ] {
            assert!(admits(&local, Some(host), None), "{host}");
        }
        for host in [
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
            "127.0.0.1.nip.io",
            "192.168.1.5:8080",
            "0.0.0.0",
            "[::2]",
        ] {
            assert!(!admits(&local, Some(host), None), "{host}");
        }
        let bound = Access::Local {
            hosts: vec!["192.168.1.5".into(), "::5".into()],
        };
        assert!(admits(&bound, Some("192.168.1.5:8080"), None));
        assert!(admits(&bound, Some("[0:0::5]"), None));
        assert!(!admits(&bound, Some("192.168.1.6:8080"), None));
        assert!(admits(
            &bound,
            Some("192.168.1.5:8080"),
            Some("http://192.168.1.5:8080")
        ));
    }

    #[test]
    fn a_server_bound_to_an_address_takes_that_address() {
        let bound = Access::bound_to("192.168.1.5".parse().unwrap());
        assert!(admits(&bound, Some("192.168.1.5:8080"), None));
        assert!(admits(&bound, Some("localhost:8080"), None));
        assert!(!admits(&bound, Some("cagey.lan:8080"), None));
        for ip in ["127.0.0.1", "::1", "0.0.0.0", "::"] {
            assert_eq!(
                Access::bound_to(ip.parse().unwrap()),
                Access::local(),
                "{ip}"
            );
        }
    }

    #[test]
    fn an_origin_must_name_an_admitted_host() {
        let local = Access::local();
        for origin in [
            "http://localhost:5173",
            "http://127.0.0.1:8080",
            "http://[::1]:8080",
        ] {
            assert!(
                admits(&local, Some("localhost:8080"), Some(origin)),
                "{origin}"
            );
        }
        for origin in [
            "http://evil.example",
            "null",
            "file://",
            "http://localhost.evil.example",
        ] {
            assert!(
                !admits(&local, Some("localhost:8080"), Some(origin)),
                "{origin}"
            );
        }
    }

    #[test]
    fn remote_access_takes_any_host_and_an_origin_of_the_same_host_and_port() {
        let remote = Access::Remote;
        assert!(admits(&remote, Some("cagey.lan:8080"), None));
        assert!(admits(&remote, Some("192.168.1.5:8080"), None));
        assert!(admits(
            &remote,
            Some("cagey.lan:8080"),
            Some("http://CAGEY.lan:8080")
        ));
        assert!(admits(&remote, Some("cagey.lan"), Some("http://cagey.lan")));
        for origin in [
            "http://evil.example:8080",
            "http://cagey.lan:9090",
            "http://cagey.lan",
            "http://localhost:8080",
            "null",
        ] {
            assert!(
                !admits(&remote, Some("cagey.lan:8080"), Some(origin)),
                "{origin}"
            );
        }
        assert!(!admits(&remote, None, Some("http://cagey.lan:8080")));
    }
}
