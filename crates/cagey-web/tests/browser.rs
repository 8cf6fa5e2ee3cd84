//! The page in a real browser: playing, sharing, hints and explanations as a person would
//! (the harness is `common/browser.rs`).

mod common;

use std::time::{Duration, Instant};

use common::browser::{link, Browser, BACKSPACE, CONTROL, DOWN, LEFT, NULL, RIGHT};
use common::KK0_SOLUTION;
use fantoccini::Locator;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plays_kk0_to_completion_with_keys_and_clicks() {
    let browser = Browser::start(1200, 900).await;
    browser.open("").await;
    // The first visit shows kk0.
    assert_eq!(browser.text("#summary").await, "4x4 KenKen, 7 cages");
    let started = Instant::now();

    // The first row by keys: a click on the first cell, then digits and arrows.
    browser.cell(0).await.click().await.unwrap();
    browser.keys(&format!("1{RIGHT}2{RIGHT}4{RIGHT}3")).await;
    assert_eq!(&browser.digits().await[..4], &KK0_SOLUTION[..4]);

    // A wrong digit, undone by Ctrl+Z; then redone and undone from the buttons.
    browser.keys(&format!("{DOWN}2")).await;
    assert_eq!(browser.digits().await[7], 2);
    browser.keys(&format!("{CONTROL}z{NULL}")).await;
    assert_eq!(browser.digits().await[7], 0, "Ctrl+Z takes the digit back");
    browser.click("#redo").await;
    assert_eq!(browser.digits().await[7], 2, "Redo puts it back");
    browser.click("#undo").await;
    assert_eq!(browser.digits().await[7], 0);

    // Centre mode: P, then digits toggle centre marks; P again for digits.
    browser.cell(4).await.click().await.unwrap();
    browser.keys("p34").await;
    assert_eq!(browser.text(".cell[data-cell=\"4\"] .notes").await, "34");
    browser.keys(&format!("p{BACKSPACE}")).await;
    assert_eq!(browser.text(".cell[data-cell=\"4\"] .notes").await, "");

    // A mistake, found by Check without giving the answer away.
    browser.keys("3").await;
    browser.click("#check").await;
    browser
        .wait_until("document.querySelector('.cell[data-cell=\"4\"]').classList.contains('wrong')")
        .await;
    assert!(browser.text("#status").await.contains("1 cell is wrong"));
    assert_eq!(
        browser.digits().await[4],
        3,
        "Check does not change the digit"
    );

    // The rest by clicks on cells and on the digit pad.
    for (index, digit) in KK0_SOLUTION.iter().enumerate().skip(4) {
        browser.cell(index).await.click().await.unwrap();
        browser
            .click(&format!("#pad button:nth-child({digit})"))
            .await;
    }
    assert_eq!(browser.digits().await, KK0_SOLUTION);
    browser
        .wait_until("document.querySelector('#status').textContent.startsWith('Solved')")
        .await;
    browser.screenshot("web-solved.png").await;

    // The progress survives a reload.
    browser.client.refresh().await.unwrap();
    browser.wait_ready().await;
    assert_eq!(browser.digits().await, KK0_SOLUTION);
    assert!(started.elapsed() < Duration::from_secs(30));
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reveal_fills_one_cell_and_keyboard_moves_stay_on_the_grid() {
    let browser = Browser::start(1200, 900).await;
    browser.open("").await;
    browser.cell(15).await.click().await.unwrap();
    // Past the edge, the selection stays on the grid.
    browser.keys(&format!("{RIGHT}{DOWN}")).await;
    let selected = browser
        .js("return document.querySelector('.cell.selected').dataset.cell")
        .await;
    assert_eq!(selected, json!("15"));
    browser.keys(&format!("{LEFT}")).await;
    browser
        .wait_until("window.document.querySelector('.cell.selected').dataset.cell === '14'")
        .await;
    // The solution arrives in the background; Reveal waits for it.
    browser.wait_until("true").await;
    let mut revealed = 0;
    for _ in 0..50 {
        browser.click("#reveal").await;
        revealed = browser.digits().await[14];
        if revealed != 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(revealed, KK0_SOLUTION[14]);
    assert_eq!(
        browser.digits().await.iter().filter(|&&d| d != 0).count(),
        1
    );
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn loads_a_puzzle_and_its_progress_from_a_shared_link() {
    let browser = Browser::start(1200, 900).await;
    // Make a link in the page: kk1, with two digits placed.
    browser.open("").await;
    browser.select("#example", "kk1").await;
    browser
        .wait_until("document.querySelector('#summary').textContent.startsWith('6x6')")
        .await;
    browser.cell(0).await.click().await.unwrap();
    browser.keys(&format!("3{RIGHT}2")).await;
    browser.click("#share summary").await;
    browser.click("#share-progress").await;
    browser.click("#share-make").await;
    browser
        .wait_until("document.querySelector('#share-link').value.includes('#p=')")
        .await;
    let link = browser
        .js("return document.querySelector('#share-link').value")
        .await;
    let link = link.as_str().unwrap().to_string();
    // Exports: the text of a format, and a picture.
    browser.click("[data-export=\"kk\"]").await;
    browser
        .wait_until("document.querySelector('#export-text').value.includes('36*,')")
        .await;
    browser.click("[data-export=\"keen\"]").await;
    browser
        .wait_until("document.querySelector('#export-text').value.startsWith('6:')")
        .await;
    // The SudokuPad link: shown, and offered as a link to click rather than downloaded.
    browser.click("[data-export=\"sudokupad\"]").await;
    browser
        .wait_until(
            "document.querySelector('#export-text').value.startsWith('https://sudokupad.app/fpuzzles') \
             && !document.querySelector('#share-sudokupad').hidden \
             && document.querySelector('#share-sudokupad').href.startsWith('https://sudokupad.app/fpuzzles')",
        )
        .await;
    browser.click("[data-export=\"png\"]").await;
    browser
        .wait_until("document.querySelector('#export-text').value === 'puzzle.png downloaded.'")
        .await;

    // A new visitor (empty storage) opens the link.
    browser.open("").await;
    assert_eq!(browser.text("#summary").await, "4x4 KenKen, 7 cages");
    let fragment = &link[link.find('#').unwrap()..];
    browser
        .client
        .goto(&browser.server.url(fragment))
        .await
        .unwrap();
    browser
        .wait_until("document.querySelector('#summary').textContent.startsWith('6x6')")
        .await;
    let digits = browser.digits().await;
    assert_eq!(&digits[..3], &[3, 2, 0]);
    // The format by the name the docs and menus use (it said "sudokuwiki format").
    assert!(
        browser
            .text("#status")
            .await
            .ends_with("(SudokuWiki format)."),
        "{}",
        browser.text("#status").await
    );
    browser.screenshot("web-shared.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_puzzle_shows_the_parsers_message() {
    let browser = Browser::start(1200, 900).await;
    browser.open("").await;
    let area = browser
        .client
        .find(Locator::Css("#puzzle-text"))
        .await
        .unwrap();
    area.send_keys("1,0\n11+,1 2 5 x\n").await.unwrap();
    browser.click("#load-button").await;
    browser
        .wait_until("!document.querySelector('#load-error').hidden")
        .await;
    let message = browser.text("#load-error").await;
    assert!(message.contains("line 2, column 11"), "{message}");
    // The puzzle on the board is still kk0.
    assert_eq!(browser.text("#summary").await, "4x4 KenKen, 7 cages");
    // A text no format reads names the format it looks most like as the menus name it
    // (the player review heard "It looks most like sudokuwiki").
    // The first text's error also starts "No format reads this text" (it looks most like
    // kk): wait for the second text's error to replace it.
    browser
        .js(
            "window.firstError = document.querySelector('#load-error p').textContent; \
             document.querySelector('#puzzle-text').value = ''; return null",
        )
        .await;
    area.send_keys("K6C12345").await.unwrap();
    browser.click("#load-button").await;
    browser
        .wait_until(
            "!document.querySelector('#load-error').hidden && \
             document.querySelector('#load-error p').textContent !== window.firstError",
        )
        .await;
    let headline = browser.text("#load-error p").await;
    assert!(
        headline.starts_with(
            "No format reads this text; it looks most like the SudokuWiki format, which says: "
        ),
        "{headline}"
    );
    assert!(!headline.contains("sudokuwiki"), "{headline}");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_is_usable_quickly_and_fits_a_phone() {
    let browser = Browser::start(390, 844).await;
    browser.open("").await;
    // From the start of navigation to a board that takes keys, as the page measured it,
    // on a second load (the first warms the server's and the browser's caches).
    browser.client.refresh().await.unwrap();
    browser.wait_ready().await;
    let took = browser
        .js("return Number(document.body.dataset.readyAt)")
        .await
        .as_f64()
        .unwrap();
    println!("the page was usable {took} ms after navigation started");
    // A guard against a gross slowdown only: the target (usable within 300 ms) is measured
    // apart from the suite, since this test shares two cores with six other browsers. At
    // 200 ms it failed at 222 ms on a loaded machine once parsing took a slot (#41).
    assert!(took < 1000.0, "the page took {took} ms to be usable");
    // Nothing is wider than the phone's screen.
    let width = browser
        .js("return document.documentElement.scrollWidth")
        .await
        .as_f64()
        .unwrap();
    assert!(
        width <= 390.0,
        "the page is {width} px wide on a 390 px screen"
    );
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_in_three_levels_then_undo() {
    let browser = Browser::start(1200, 900).await;
    browser.open("").await;
    browser
        .wait_until("!document.querySelector('#hint').hidden")
        .await;
    // Level 1: the rule and where to look, nothing on the board yet.
    browser.click("#hint").await;
    browser
        .wait_until("!document.querySelector('#hint-panel').hidden")
        .await;
    let first = browser.text("#hint-text").await;
    assert!(first.starts_with("Look for a"), "{first}");
    // Said once, in the panel, not again on the status line (player review 13).
    assert_eq!(browser.text("#status").await, "");
    assert_eq!(
        browser
            .js("return document.querySelectorAll('.cell.cause').length")
            .await,
        json!(0)
    );
    // Level 2: the cells that cause the step are highlighted.
    browser.click("#hint-more").await;
    browser
        .wait_until("document.querySelectorAll('.cell.cause').length > 0")
        .await;
    // Level 3: the step is applied, its cause and its changes in two colours.
    browser.click("#hint-more").await;
    browser
        .wait_until("document.querySelectorAll('.cell.change').length > 0")
        .await;
    let placed = browser.digits().await.iter().filter(|&&d| d != 0).count();
    assert_eq!(placed, 1, "kk0's first step places its given");
    assert_eq!(browser.digits().await[0], KK0_SOLUTION[0]);
    // Its eliminations touch only the player's own pencil marks: with none, none appear.
    let pencil = "return [...document.querySelectorAll('.cell')].map(c => c.lastChild.textContent)";
    let marks: Vec<String> = serde_json::from_value(browser.js(pencil).await).unwrap();
    assert!(marks.iter().all(String::is_empty), "{marks:?}");
    // Undo takes the whole step back.
    browser.click("#undo").await;
    assert_eq!(browser.digits().await, [0; 16]);
    let marks: Vec<String> = serde_json::from_value(browser.js(pencil).await).unwrap();
    assert!(marks.iter().all(String::is_empty), "{marks:?}");
    browser.close().await;
}

/// A hard 9x9 Killer Sudoku (`cagey generate --kind killer --difficulty hard --seed 1`):
/// its first hint from an empty grid places a digit after some thirty steps.
const HARD_KILLER: &str = "# boxes 3x3\n# killer\n13+,0 1 2 10\n19+,3 4 11 12\n19+,5 13 14\n\
17+,6 7 8\n20+,9 18 19\n10+,15 16\n8+,17 26\n20+,20 21 29 38\n17+,22 23 24 32\n\
17+,25 33 34\n20+,27 36 45 54\n28+,28 37 46 47 48\n16+,30 31 39\n26+,35 43 44 53 62\n\
23+,40 41 42 49 50\n5+,51 52\n11+,55 56 65\n20+,57 58 66\n26+,59 67 68 69\n9+,60 61 70\n\
4+,63 72\n15+,64 73\n14+,71 80\n12+,74 75 76\n16+,77 78 79\n";

/// Guards the player review's wall of text: the third level of the first hint of a hard
/// Killer was thirty steps in one paragraph. The panel now shows the library's lines, one
/// step a line, each a sentence: the steps it counts, the last steps that lead to the digit,
/// and the step that places it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_hint_is_one_step_a_line() {
    let browser = Browser::start(1280, 800).await;
    browser.open(&link(HARD_KILLER)).await;
    browser
        .wait_until("document.querySelector('#summary').textContent.startsWith('9x9')")
        .await;
    browser
        .wait_until("!document.querySelector('#hint').hidden")
        .await;
    browser.click("#hint").await;
    browser
        .wait_until("!document.querySelector('#hint-panel').hidden")
        .await;
    browser.click("#hint-more").await;
    browser.click("#hint-more").await;
    browser
        .wait_until("document.querySelectorAll('.cell.change').length > 0")
        .await;
    let lines = browser
        .js("return [...document.querySelectorAll('#hint-text .hint-line')]
               .map(l => [l.textContent, l.getBoundingClientRect().top, l.getBoundingClientRect().bottom])")
        .await;
    let lines: Vec<(String, f64, f64)> = serde_json::from_value(lines).unwrap();
    let said: Vec<&str> = lines.iter().map(|(text, ..)| text.as_str()).collect();
    assert!((2..=5).contains(&lines.len()), "{said:#?}");
    assert!(
        said[0].starts_with("26 steps that only remove candidates come first: cage combinations ("),
        "{said:#?}"
    );
    assert!(
        said.last()
            .unwrap()
            .starts_with("Then naked single: r9c1 has only 3 left: place 3 in r9c1;"),
        "{said:#?}"
    );
    for (i, (text, top, _)) in lines.iter().enumerate() {
        assert!(text.ends_with('.'), "{text}");
        if i > 0 {
            assert!(text.starts_with("Then "), "{text}");
            // Each line below the last, not run on after it.
            assert!(*top >= lines[i - 1].2, "{said:#?}");
        }
    }
    let characters: usize = said.iter().map(|line| line.len()).sum();
    assert!(characters < 1200, "{characters} characters: {said:#?}");
    // The digit is placed, the solution's.
    assert_eq!(browser.digits().await[72], 3);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn steps_through_the_explanation_and_generates_a_puzzle() {
    let browser = Browser::start(1200, 1000).await;
    browser.open("").await;
    browser.select("#example", "kk1").await;
    browser
        .wait_until("document.querySelector('#summary').textContent.startsWith('6x6')")
        .await;
    browser
        .wait_until("!document.querySelector('#explain').hidden")
        .await;
    // Some digits and pencil marks, for the picture (before the explanation: a move clears
    // its highlights).
    browser.cell(7).await.click().await.unwrap();
    browser.keys(&format!("5{RIGHT}p14{RIGHT}146p")).await;
    browser.click("#load summary").await;
    browser.click("#explain summary").await;
    browser.click("#explain-button").await;
    browser
        .wait_until("document.querySelectorAll('#explain-steps li').length > 0")
        .await;
    assert!(browser
        .text("#explain-summary")
        .await
        .starts_with("Solved in"));
    for _ in 0..5 {
        browser.click("#step-next").await;
    }
    assert!(browser
        .text("#explain-position")
        .await
        .starts_with("Step 6 of"));
    // The step is drawn on the explanation's own board (tests/browser_explain.rs has more).
    browser
        .wait_until("document.querySelectorAll('#explain-board .vcell.cause').length > 0")
        .await;

    // A new puzzle: 4x4, easy, seed 3.
    browser.click("#explain summary").await;
    browser.click("#new summary").await;
    browser.select("#new-size", "4").await;
    browser.select("#new-difficulty", "easy").await;
    browser
        .client
        .find(Locator::Css("#new-seed"))
        .await
        .unwrap()
        .send_keys("3")
        .await
        .unwrap();
    browser.click("#new-button").await;
    browser
        .wait_until("document.querySelector('#summary').textContent.startsWith('4x4')")
        .await;
    assert!(browser
        .text("#new-status")
        .await
        .contains("level easy, seed 3"));
    assert_eq!(browser.digits().await, [0; 16], "a new puzzle starts empty");

    // A Killer X: the switch sends the diagonal rule, and the board draws both diagonals.
    browser.select("#new-kind", "killer").await;
    browser.click("#new-diagonals").await;
    browser.click("#new-button").await;
    browser
        .wait_until("document.querySelector('#summary').textContent.includes('with diagonals')")
        .await;
    assert!(browser
        .text("#new-status")
        .await
        .contains("level easy, seed 3"));
    browser
        .wait_until("document.querySelectorAll('#board .picture path.diagonals').length === 1")
        .await;
    browser.screenshot("web-new-killer-x.png").await;
    browser.close().await;
}

/// Where `selector`'s box is on the screen: `[top, bottom]` in the viewport's pixels, and
/// the viewport's height.
async fn on_screen(browser: &Browser, selector: &str) -> (f64, f64, f64) {
    let v = browser
        .js(&format!(
            "const r = document.querySelector({selector:?}).getBoundingClientRect(); \
             return [r.top, r.bottom, innerHeight]"
        ))
        .await;
    let n = |i: usize| v[i].as_f64().unwrap();
    (n(0), n(1), n(2))
}

/// Guards the player review's first defect: on a phone, New puzzle → Make it left the new
/// board about 200 px above the screen, the form still in view.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_puzzle_on_a_phone_brings_its_board_into_view() {
    let browser = Browser::start(390, 844).await;
    browser.open("").await;
    browser.click("#new summary").await;
    browser.select("#new-size", "4").await;
    browser.select("#new-difficulty", "easy").await;
    browser
        .js("document.getElementById('new-button').scrollIntoView({ block: 'end' }); return null")
        .await;
    let (top, _, _) = on_screen(&browser, "#board-frame").await;
    assert!(
        top < 0.0,
        "the form's button is in view and the board above it ({top} px)"
    );
    browser.click("#new-button").await;
    browser
        .wait_until("document.querySelector('#new-status').textContent.includes('level easy')")
        .await;
    let (top, bottom, height) = on_screen(&browser, "#board-frame").await;
    assert!(
        top >= 0.0 && bottom <= height,
        "the new board is at {top}-{bottom} px on a {height} px screen"
    );
    browser.screenshot("new-puzzle-phone.png").await;
    browser.close().await;
}

/// Guards the player review's third defect: on a phone, "Link copied." was said on the
/// status line by the board, a screen above the Share panel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn link_copied_is_said_beside_the_copy_button() {
    let browser = Browser::start(390, 844).await;
    browser.open("").await;
    // Headless Chromium refuses the clipboard to a page without a user's grant.
    browser
        .js("Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => {} } }); return null")
        .await;
    browser.click("#share summary").await;
    browser.click("#share-copy").await;
    browser
        .wait_until("document.querySelector('#share-said').textContent === 'Link copied.'")
        .await;
    let (top, bottom, height) = on_screen(&browser, "#share-said").await;
    assert!(
        top >= 0.0 && bottom <= height,
        "\"Link copied.\" is at {top}-{bottom} px on a {height} px screen"
    );
    let (button, _, _) = on_screen(&browser, "#share-copy").await;
    assert!(
        (top - button).abs() < 60.0,
        "said at {top} px, the button at {button} px"
    );
    browser.screenshot("link-copied-phone.png").await;
    assert_ne!(
        browser.text("#status").await,
        "Link copied.",
        "said once, beside the button"
    );
    browser
        .wait_until("document.querySelector('#share-said').textContent === ''")
        .await;
    browser.close().await;
}
