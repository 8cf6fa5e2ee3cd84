//! The static site (scripts/build-site.sh) in a real browser, from a plain static host with
//! no cagey server: the page reads, checks, hints, explains and generates with the engine in
//! WebAssembly, stays responsive while the engine works, stops work it no longer wants, and
//! opens and plays offline once visited.
//!
//! The site must be built first (`scripts/test.sh` does; by hand `scripts/build-site.sh`);
//! `CAGEY_SITE` names another folder than `target/site`.

mod common;

use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::Instant;

use common::browser::{link, Browser, RIGHT};
use common::{Server, KK0_SOLUTION};
use fantoccini::Locator;
use serde_json::json;

/// The built site, or a failure that says how to build it.
fn site() -> PathBuf {
    let folder = std::env::var_os("CAGEY_SITE").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/site"),
        PathBuf::from,
    );
    assert!(
        folder.join("engine/cagey_wasm_bg.wasm").exists(),
        "no static site at {}: build it with scripts/build-site.sh (scripts/test.sh does), \
         or name the folder with CAGEY_SITE",
        folder.display()
    );
    folder
}

/// The first puzzle of Keen's 9x9 extreme set: long to explain, and its first steps
/// eliminations.
fn keen_extreme() -> String {
    let corpus = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpora/keen/keen_9dx.kk"),
    )
    .unwrap();
    corpus.split("\n\n").next().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plays_hints_explains_and_generates_with_no_server() {
    let server = Server::site(site());
    let asked = server.asked.clone();
    let browser = Browser::start_on(1200, 1000, server, &[]).await;
    browser.open("").await;
    assert_eq!(browser.text("#summary").await, "4x4 KenKen, 7 cages");
    // The panels that need the engine are there: it answers what the server did.
    for panel in ["#hint", "#explain", "#new"] {
        browser
            .wait_until(&format!("!document.querySelector('{panel}').hidden"))
            .await;
    }
    // A hint in three levels, then taken back.
    browser.click("#hint").await;
    browser
        .wait_until("!document.querySelector('#hint-panel').hidden")
        .await;
    assert!(browser.text("#hint-text").await.starts_with("Look for a"));
    browser.click("#hint-more").await;
    browser.click("#hint-more").await;
    browser
        .wait_until("document.querySelectorAll('.cell.change').length > 0")
        .await;
    assert_eq!(browser.digits().await[0], KK0_SOLUTION[0]);
    browser.screenshot("site-laptop-hint.png").await;
    browser.click("#undo").await;

    // Check finds a wrong digit.
    browser.cell(1).await.click().await.unwrap();
    browser.keys("3").await;
    browser.click("#check").await;
    browser
        .wait_until("document.querySelector('.cell[data-cell=\"1\"]').classList.contains('wrong')")
        .await;
    browser.keys(&format!("2{RIGHT}")).await;

    // The explanation, stepped through.
    browser.click("#explain summary").await;
    browser.click("#explain-button").await;
    browser
        .wait_until("document.querySelectorAll('#explain-steps li').length > 0")
        .await;
    assert!(browser
        .text("#explain-summary")
        .await
        .starts_with("Solved in"));

    // A new 5x5 at hard, from a seed: the same puzzle the server makes from it.
    browser.click("#explain summary").await;
    browser.click("#new summary").await;
    for (select, value) in [("#new-size", "5"), ("#new-difficulty", "hard")] {
        browser.select(select, value).await;
    }
    browser
        .client
        .find(Locator::Css("#new-seed"))
        .await
        .unwrap()
        .send_keys("8")
        .await
        .unwrap();
    browser.click("#new-button").await;
    browser
        .wait_until("document.querySelector('#summary').textContent.startsWith('5x5')")
        .await;
    let status = browser.text("#new-status").await;
    assert!(status.contains("level hard, seed 8"), "{status}");
    let request = serde_json::from_value(json!({"size": 5, "difficulty": "hard", "seed": 8}));
    let made = cagey::service::generate(&request.unwrap(), &cagey::service::Job::default());
    let summary = browser.text("#summary").await;
    assert!(
        made.unwrap().message.contains(&summary),
        "the server's puzzle of seed 8 is not {summary}"
    );
    // The answer is nowhere in sight (player review 12): not in the page's text, nor in a
    // field's value.
    let shown = browser
        .js("return document.body.innerText + [...document.querySelectorAll('textarea, input')].map(e => e.value).join(' ')")
        .await;
    assert!(!shown.as_str().unwrap().contains("solution="), "{shown}");

    // The new puzzle has the keyboard (player review 4): H, typed at once, asks for a hint,
    // and K checks the grid.
    browser.keys("h").await;
    browser
        .wait_until("document.querySelector('#hint-text').textContent.startsWith('Look for')")
        .await;
    browser.keys("k").await;
    browser
        .wait_until("document.querySelector('#status').textContent.startsWith('No conflicts')")
        .await;

    // Everything above came from the engine: nothing asked the host for its API.
    let asked = asked.lock().unwrap().clone();
    assert!(
        asked.iter().any(|path| path.ends_with(".wasm")),
        "{asked:?}"
    );
    assert!(
        !asked.iter().any(|path| path.starts_with("/api/")),
        "the page asked the host {asked:?}"
    );
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_work_runs_beside_the_page_and_stops_when_no_longer_wanted() {
    let browser = Browser::start_on(1200, 1000, Server::site(site()), &[]).await;
    // A 32x32 no rule cracks: its explanation runs to the engine's time limit (5 s).
    let slow = common::slow_32x32();
    browser.open(&link(&slow)).await;
    browser
        .wait_until("document.querySelector('#summary').textContent.startsWith('32x32')")
        .await;
    browser.click("#explain summary").await;
    browser.click("#explain-button").await;
    // Meanwhile the page answers at once: the engine works in a worker.
    let started = Instant::now();
    for _ in 0..5 {
        browser.js("return document.title").await;
    }
    assert!(
        started.elapsed().as_millis() < 1000,
        "the page took {:?} to answer five scripts while the engine worked",
        started.elapsed()
    );
    // A puzzle loaded meanwhile stops the explanation: the page is back with kk0 at once.
    browser.select("#example", "kk0").await;
    browser
        .wait_until("document.querySelector('#summary').textContent.startsWith('4x4')")
        .await;
    assert!(
        started.elapsed().as_secs_f64() < 4.0,
        "kk0 took {:?} to load while the explanation ran",
        started.elapsed()
    );
    assert_eq!(browser.text("#explain-summary").await, "");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opens_and_plays_offline_once_visited() {
    let server = Server::site(site());
    let offline = server.offline.clone();
    let browser = Browser::start_on(1200, 900, server, &[]).await;
    browser.open("").await;
    // The service worker has kept every file once it controls the page.
    browser
        .wait_until("navigator.serviceWorker.controller !== null || (location.reload(), false)")
        .await;
    browser.wait_ready().await;
    offline.store(true, Ordering::Relaxed);
    browser.client.refresh().await.unwrap();
    browser.wait_ready().await;
    assert_eq!(browser.text("#summary").await, "4x4 KenKen, 7 cages");
    // The engine came from the cache too: a hint still comes.
    browser
        .wait_until("!document.querySelector('#hint').hidden")
        .await;
    browser.click("#hint").await;
    browser
        .wait_until("!document.querySelector('#hint-panel').hidden")
        .await;
    assert!(browser.text("#hint-text").await.starts_with("Look for a"));
    let manifest = browser
        .js("return document.querySelector('link[rel=manifest]').href")
        .await;
    assert!(manifest.as_str().unwrap().ends_with("manifest.webmanifest"));
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fits_a_phone_and_is_usable_quickly() {
    let browser = Browser::start_on(390, 844, Server::site(site()), &[]).await;
    browser.open("").await;
    // A second load, as a returning player's: from the start of navigation to a board that
    // takes keys, the engine compiled and the puzzle read in a worker.
    browser.client.refresh().await.unwrap();
    browser.wait_ready().await;
    let took = browser
        .js("return Number(document.body.dataset.readyAt)")
        .await
        .as_f64()
        .unwrap();
    println!("the static page was usable {took} ms after navigation started");
    // A guard against a gross slowdown, as for the served page (tests/browser.rs).
    assert!(took < 2000.0, "the page took {took} ms to be usable");
    // The target is stated for a 9x9 (#43): the killer example, opened from a link, loaded
    // again with the engine cached.
    let killer = cagey::examples::by_name("killer").unwrap().text;
    browser
        .client
        .goto(&browser.server.url(&link(killer)))
        .await
        .unwrap();
    browser.wait_ready().await;
    browser.client.refresh().await.unwrap();
    browser.wait_ready().await;
    let (took, summary) = (
        browser
            .js("return Number(document.body.dataset.readyAt)")
            .await
            .as_f64()
            .unwrap(),
        browser.text("#summary").await,
    );
    assert!(summary.starts_with("9x9"), "{summary}");
    println!("the static page with a 9x9 was usable {took} ms after navigation started");
    assert!(
        took < 2000.0,
        "the page took {took} ms to be usable on a 9x9"
    );
    let width = browser
        .js("return document.documentElement.scrollWidth")
        .await
        .as_f64()
        .unwrap();
    assert!(
        width <= 390.0,
        "the page is {width} px wide on a 390 px screen"
    );
    browser.screenshot("site-phone.png").await;
    browser.close().await;
}

/// Guards #43 (the player review's first problem): a player who keeps no pencil marks takes
/// hints in full on Keen's first 9x9 extreme, and every one places a digit, the solution's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_move_a_player_without_marks_forward() {
    let browser = Browser::start_on(1200, 1000, Server::site(site()), &[]).await;
    browser.open(&link(&keen_extreme())).await;
    browser
        .wait_until("document.querySelector('#summary').textContent.startsWith('9x9')")
        .await;
    browser
        .wait_until("!document.querySelector('#hint').hidden")
        .await;
    for placed in 1..=3 {
        // The rule, the cells, then the step taken.
        browser.click("#hint").await;
        browser
            .wait_until("!document.querySelector('#hint-more').hidden")
            .await;
        browser.click("#hint-more").await;
        browser.click("#hint-more").await;
        browser
            .wait_until(&format!(
                "[...document.querySelectorAll('.cell .digit')].filter(d => d.textContent).length === {placed}"
            ))
            .await;
    }
    let notes =
        "return [...document.querySelectorAll('.cell')].map(c => c.lastChild.textContent).join('')";
    assert_eq!(
        browser.js(notes).await,
        json!(""),
        "no pencil marks written"
    );
    browser.close().await;
}

/// Guards #43 (the player review's third problem): step numbers past 99 were cut ("78."
/// for 178) by the list's fixed margin.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_step_number_of_a_long_explanation_shows_whole() {
    let browser = Browser::start_on(1200, 1000, Server::site(site()), &[]).await;
    browser.open(&link(&keen_extreme())).await;
    browser
        .wait_until("!document.querySelector('#explain').hidden")
        .await;
    browser.click("#explain summary").await;
    browser.click("#explain-button").await;
    browser
        .wait_until("document.querySelectorAll('#explain-steps li').length > 0")
        .await;
    // The margin holds the widest number as the list's font draws it.
    let fits = browser
        .js("const list = document.querySelector('#explain-steps');
             const count = list.children.length;
             const context = document.createElement('canvas').getContext('2d');
             context.font = getComputedStyle(list).font;
             const widest = context.measureText(count + '. ').width;
             return [count, widest, parseFloat(getComputedStyle(list).paddingLeft)]")
        .await;
    let [count, widest, margin] = [&fits[0], &fits[1], &fits[2]].map(|v| v.as_f64().unwrap());
    assert!(count >= 100.0, "a long explanation: {count} steps");
    assert!(
        margin >= widest,
        "{count} steps: the margin {margin} px, the number {widest} px"
    );
    browser.close().await;
}
