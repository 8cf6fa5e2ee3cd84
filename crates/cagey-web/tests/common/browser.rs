//! The page in a real browser, shared by the browser test files: Debian's Chromium driven
//! through ChromeDriver (WebDriver, by `fantoccini`). [`Browser::start`] starts the server, a
//! ChromeDriver and a headless Chromium with a fresh profile; the tests play as a person
//! would (clicks and keys) and read the page back.
//!
//! Chromium and ChromeDriver must be installed (`scripts/install-test-tools.sh`); without
//! them these tests fail, saying how to install them. `CAGEY_CHROMIUM` and
//! `CAGEY_CHROMEDRIVER` name other binaries. With `CAGEY_SCREENSHOTS=DIR` the tests save
//! their screenshots in DIR (the README's come from `CAGEY_SCREENSHOTS=docs/images`).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use tokio::sync::{Mutex, MutexGuard};

use super::Server;

pub const RIGHT: char = '\u{e014}';
pub const DOWN: char = '\u{e015}';
pub const LEFT: char = '\u{e012}';
pub const CONTROL: char = '\u{e009}';
pub const BACKSPACE: char = '\u{e003}';
pub const NULL: char = '\u{e000}';
pub const SHIFT: char = '\u{e008}';
pub const ESCAPE: char = '\u{e00c}';

/// Headless Chromium's narrowest window: narrower sizes are emulated as a phone.
pub const MIN_WINDOW_WIDTH: u32 = 500;

/// How long to wait for the page to show something before failing: far more than it takes
/// (tens of milliseconds), so that a loaded machine does not fail the test.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// One browser at a time: the tests run on machines with two cores, where five Chromiums
/// at once would make each slow, and the timing test meaningless.
static ONE_AT_A_TIME: Mutex<()> = Mutex::const_new(());

/// A browser session on the page, closed (with its ChromeDriver) when dropped.
pub struct Browser {
    _turn: MutexGuard<'static, ()>,
    pub client: Client,
    driver: Child,
    profile: PathBuf,
    pub server: Server,
}

fn binary(variable: &str, default: &str) -> PathBuf {
    let path = std::env::var_os(variable).map_or_else(|| PathBuf::from(default), PathBuf::from);
    assert!(
        path.exists(),
        "{} not found: the browser tests need Debian's Chromium and ChromeDriver. Install them \
         with `scripts/install-test-tools.sh` (apt-get install -y chromium chromium-driver), or \
         name the binary with {variable}.",
        path.display()
    );
    path
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

impl Browser {
    /// Starts the server, ChromeDriver and Chromium at a window of `width` x `height`.
    pub async fn start(width: u32, height: u32) -> Browser {
        Browser::start_with(width, height, cagey_web::Config::default(), &[]).await
    }

    /// [`Browser::start`] with a server set up by `config` (fewer slots, other limits) and
    /// more Chromium arguments (such as `--force-dark-mode`).
    pub async fn start_with(
        width: u32,
        height: u32,
        config: cagey_web::Config,
        extra: &[&str],
    ) -> Browser {
        Browser::start_on(width, height, Server::start(config), extra).await
    }

    /// [`Browser::start`] on the page `server` serves (a static host, say).
    pub async fn start_on(width: u32, height: u32, server: Server, extra: &[&str]) -> Browser {
        Browser::launch(width, height, server, extra, None).await
    }

    /// A desktop window of `width` x `height` at `zoom` (2.0 for 200%): the page sees a
    /// window `zoom` times smaller, drawn with `zoom` times the pixels, as the browser's
    /// zoom makes it. Headless Chromium ignores `--force-device-scale-factor`, so the
    /// screen is emulated, as a desktop's (no touch, no phone layout).
    pub async fn start_zoomed(width: u32, height: u32, zoom: f64) -> Browser {
        let metrics = json!({
            "width": (f64::from(width) / zoom).round() as u32,
            "height": (f64::from(height) / zoom).round() as u32,
            "pixelRatio": zoom, "touch": false, "mobile": false,
        });
        let server = Server::start(cagey_web::Config::default());
        Browser::launch(width, height, server, &[], Some(metrics)).await
    }

    async fn launch(
        width: u32,
        height: u32,
        server: Server,
        extra: &[&str],
        metrics: Option<Value>,
    ) -> Browser {
        let turn = ONE_AT_A_TIME.lock().await;
        let chromium = binary("CAGEY_CHROMIUM", "/usr/bin/chromium");
        let chromedriver = binary("CAGEY_CHROMEDRIVER", "/usr/bin/chromedriver");
        let port = free_port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("ChromeDriver starts");
        let profile =
            std::env::temp_dir().join(format!("cagey-chromium-{}-{port}", std::process::id()));
        let mut capabilities = json!({
            "goog:chromeOptions": {
                "binary": chromium,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage",
                    format!("--user-data-dir={}", profile.display()),
                    format!("--window-size={},{height}", width.max(MIN_WINDOW_WIDTH)),
                ],
            }
        });
        if let Some(args) = capabilities["goog:chromeOptions"]["args"].as_array_mut() {
            args.extend(extra.iter().map(|arg| json!(arg)));
        }
        if let Some(metrics) = metrics {
            capabilities["goog:chromeOptions"]["mobileEmulation"] =
                json!({ "deviceMetrics": metrics });
        } else if width < MIN_WINDOW_WIDTH {
            // A desktop window cannot be this narrow; a phone's screen is emulated instead.
            capabilities["goog:chromeOptions"]["mobileEmulation"] = json!({
                "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0, "touch": true},
            });
        }
        let started = Instant::now();
        let client = loop {
            let connector = hyper_util::client::legacy::connect::HttpConnector::new();
            match ClientBuilder::new(connector)
                .capabilities(capabilities.as_object().unwrap().clone())
                .connect(&format!("http://127.0.0.1:{port}"))
                .await
            {
                Ok(client) => break client,
                Err(error) if started.elapsed() < PATIENCE => {
                    let _ = error;
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                Err(error) => panic!("cannot start Chromium through ChromeDriver: {error}"),
            }
        };
        Browser {
            _turn: turn,
            client,
            driver,
            profile,
            server,
        }
    }

    /// Opens the page at `rest` (`""` or `#p=...`) with empty storage, and waits until it is
    /// ready.
    pub async fn open(&self, rest: &str) {
        self.client.goto(&self.server.url("")).await.unwrap();
        self.wait_ready().await;
        // A new visitor: nothing stored, and nothing saved as this page unloads.
        self.js("localStorage.clear(); Storage.prototype.setItem = () => {}; return null")
            .await;
        self.client.goto("about:blank").await.unwrap();
        self.client.goto(&self.server.url(rest)).await.unwrap();
        self.wait_ready().await;
    }

    pub async fn wait_ready(&self) {
        self.wait_until("document.body.dataset.ready === 'true'")
            .await;
    }

    /// Runs `script` in the page and returns its value.
    pub async fn js(&self, script: &str) -> Value {
        self.client.execute(script, vec![]).await.unwrap()
    }

    /// Waits until the JavaScript `condition` is true.
    pub async fn wait_until(&self, condition: &str) {
        let started = Instant::now();
        loop {
            if self.js(&format!("return !!({condition})")).await == json!(true) {
                return;
            }
            assert!(
                started.elapsed() < PATIENCE,
                "waited {PATIENCE:?} for {condition}; the status says {:?}",
                self.text("#status").await
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    pub async fn text(&self, selector: &str) -> String {
        self.js(&format!(
            "return document.querySelector({selector:?})?.textContent ?? null"
        ))
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
    }

    /// Chooses `value` in the `<select>` at `selector`, as a player picking it does.
    pub async fn select(&self, selector: &str, value: &str) {
        self.client
            .find(Locator::Css(selector))
            .await
            .unwrap_or_else(|e| panic!("no {selector}: {e}"))
            .select_by_value(value)
            .await
            .unwrap_or_else(|e| panic!("cannot choose {value} in {selector}: {e}"));
    }

    pub async fn click(&self, selector: &str) {
        self.client
            .find(Locator::Css(selector))
            .await
            .unwrap_or_else(|e| panic!("no {selector}: {e}"))
            .click()
            .await
            .unwrap_or_else(|e| panic!("cannot click {selector}: {e}"));
    }

    pub async fn cell(&self, index: usize) -> fantoccini::elements::Element {
        self.client
            .find(Locator::Css(&format!(".cell[data-cell=\"{index}\"]")))
            .await
            .unwrap()
    }

    /// Types `keys` into the element that has the focus.
    pub async fn keys(&self, keys: &str) {
        self.client
            .active_element()
            .await
            .unwrap()
            .send_keys(keys)
            .await
            .unwrap();
    }

    /// The digits the board shows, row-major, 0 for none.
    pub async fn digits(&self) -> Vec<u8> {
        let value = self
            .js("return [...document.querySelectorAll('.cell .digit')].map(d => Number(d.textContent) || 0)")
            .await;
        serde_json::from_value(value).unwrap()
    }

    /// Saves a screenshot as `name` in `CAGEY_SCREENSHOTS`, if set, and returns the PNG.
    pub async fn screenshot(&self, name: &str) -> Vec<u8> {
        let png = self.client.screenshot().await.unwrap();
        assert!(png.starts_with(b"\x89PNG"), "a screenshot is a PNG");
        if let Some(dir) = std::env::var_os("CAGEY_SCREENSHOTS") {
            let dir = Path::new(&dir);
            std::fs::create_dir_all(dir).unwrap();
            std::fs::write(dir.join(name), &png).unwrap();
        }
        png
    }

    /// Ends the session; [`Drop`] stops the processes.
    pub async fn close(self) {
        let _ = self.client.clone().close().await;
    }
}

impl Drop for Browser {
    /// Stops ChromeDriver and the Chromium it started, even when a test failed: Chromium's
    /// processes are found by the profile directory made for this browser alone.
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let marker = format!("--user-data-dir={}", self.profile.display());
        for entry in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            if cmdline
                .split(|&b| b == 0)
                .any(|arg| arg == marker.as_bytes())
            {
                let _ = Command::new("kill").arg(pid.to_string()).status();
            }
        }
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// The page's address part that opens the puzzle `text`: `#p=` and the text, percent-encoded.
pub fn link(text: &str) -> String {
    let encoded: String = text
        .bytes()
        .map(|byte| match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (byte as char).to_string()
            }
            _ => format!("%{byte:02X}"),
        })
        .collect();
    format!("#p={encoded}")
}
