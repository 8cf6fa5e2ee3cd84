//! The page in a real browser: explanations drawn on their own board, Solve, hints applied
//! to the player's marks, the page's talk with a busy server and what it says about a
//! puzzle (the harness is `common/browser.rs`).

mod common;

use std::time::Duration;

use common::browser::{Browser, LEFT, RIGHT};
use common::{slow_32x32, KK0_SOLUTION};
use serde_json::json;

/// A 3x3 whose one cage holds the whole grid: 12 solutions.
const SEVERAL: &str = "18+,0 1 2 3 4 5 6 7 8\n";

async fn choose_example(browser: &Browser, name: &str, summary: &str) {
    browser.select("#example", name).await;
    browser
        .wait_until(&format!(
            "document.querySelector('#summary').textContent.startsWith({summary:?})"
        ))
        .await;
}

/// Loads `text` as a link would bring it.
async fn load_link(browser: &Browser, text: &str) {
    browser
        .js(&format!(
            "location.hash = '#p=' + encodeURIComponent({text:?}); return null"
        ))
        .await;
}

async fn explain(browser: &Browser) {
    browser
        .wait_until("!document.querySelector('#explain').hidden")
        .await;
    browser.click("#load summary").await;
    browser.click("#explain summary").await;
    browser.click("#explain-button").await;
    browser
        .wait_until("!document.querySelector('#explain-view').hidden")
        .await;
}

/// The candidates the explanation's board shows in `cell`, and those struck and placed.
async fn viewer_cell(browser: &Browser, cell: usize) -> (String, String, String) {
    let found = browser
        .js(&format!(
            "const c = document.querySelector('#explain-board .vcell[data-cell=\"{cell}\"]');
             const t = (s) => [...c.querySelectorAll(s)].map(e => e.textContent).join('');
             return [t('.vnotes span'), t('.vnotes .gone'), t('.vnotes .placed')]"
        ))
        .await;
    serde_json::from_value(found).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_explanation_draws_the_solvers_candidates_on_its_own_board() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    choose_example(&browser, "kk1", "6x6").await;
    explain(&browser).await;
    assert!(browser
        .text("#explain-summary")
        .await
        .starts_with("Solved in"));
    // Step 1 starts from every digit everywhere: r1c1 gets its 3, its row and column lose 3.
    assert_eq!(
        viewer_cell(&browser, 0).await,
        ("123456".into(), "12456".into(), "3".into())
    );
    assert_eq!(
        viewer_cell(&browser, 1).await,
        ("123456".into(), "3".into(), "".into())
    );
    // The player's board is left alone.
    assert_eq!(
        browser
            .js("return document.querySelectorAll('#board .cell.cause, #board .cell.change').length")
            .await,
        json!(0)
    );
    // Next, then the arrow keys on the viewer.
    browser.click("#step-next").await;
    assert!(browser
        .text("#explain-position")
        .await
        .starts_with("Step 2 of"));
    browser.click("#explain-board").await;
    browser
        .keys(&format!("{RIGHT}{RIGHT}{RIGHT}{RIGHT}{LEFT}"))
        .await;
    assert!(browser
        .text("#explain-position")
        .await
        .starts_with("Step 5 of"));
    browser.keys(&RIGHT.to_string()).await;
    // Step 6, a hidden single: r3c6 had lost 5 (step 2); 4 is placed and the rest struck;
    // r1c6 loses 4, the cells of row 3 are its cause.
    assert!(browser
        .text("#explain-position")
        .await
        .starts_with("Step 6 of"));
    assert_eq!(
        viewer_cell(&browser, 17).await,
        ("12346".into(), "1236".into(), "4".into())
    );
    assert_eq!(viewer_cell(&browser, 5).await.1, "4");
    assert!(
        browser
            .js("return document.querySelectorAll('#explain-board .vcell.cause').length")
            .await
            .as_u64()
            .unwrap()
            > 0
    );
    browser.screenshot("web-explain.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_the_explanations_board_and_buttons_stay_in_view() {
    let browser = Browser::start(390, 844).await;
    browser.open("").await;
    choose_example(&browser, "kk1", "6x6").await;
    explain(&browser).await;
    let in_view = "(() => {
        const board = document.querySelector('#explain-board').getBoundingClientRect();
        const next = document.querySelector('#step-next').getBoundingClientRect();
        return board.top >= 0 && board.height > 250 && next.bottom <= innerHeight;
    })()";
    for _ in 0..12 {
        browser.click("#step-next").await;
        browser.wait_until(in_view).await;
    }
    assert!(browser
        .text("#explain-position")
        .await
        .starts_with("Step 13 of"));
    browser.screenshot("web-explain-phone.png").await;
    browser.close().await;
}

/// Guards #43 (the player review's third problem): at 1280x800 the explanation's board was
/// 276 px in the side panel, a 9x9's candidates about 6 px. It takes the play board's place
/// at the play board's size, beside its buttons and steps, all in the window; its
/// candidates are readable and clear of a killer's dashed cage lines and sums.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_1280x800_the_explanation_has_a_board_as_large_as_the_play_board() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    choose_example(&browser, "killer", "9x9 Killer").await;
    let play = browser
        .js("return document.querySelector('#board').getBoundingClientRect().width")
        .await
        .as_f64()
        .unwrap();
    explain(&browser).await;
    browser.click("#step-next").await;
    let found = browser
        .js("const box = (s) => document.querySelector(s).getBoundingClientRect();
             const inside = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
             const sums = [...document.querySelectorAll('#explain-board .picture .label')].map(l => l.getBoundingClientRect());
             const clash = [];
             let smallest = Infinity;
             for (const span of document.querySelectorAll('#explain-board .vnotes span')) {
               const c = span.closest('.vcell').getBoundingClientRect();
               const r = span.getBoundingClientRect();
               // The digit's line (its font size high, centred in the font's whole height),
               // which holds its ink.
               const k = document.createRange(); k.selectNodeContents(span); const f = k.getBoundingClientRect();
               const size = parseFloat(getComputedStyle(span).fontSize);
               const t = { left: f.left, right: f.right, top: f.top + (f.height - size) / 2, bottom: f.bottom - (f.height - size) / 2 };
               smallest = Math.min(smallest, parseFloat(getComputedStyle(span).fontSize));
               const edge = (t.left - c.left) / c.width < 0.125 || (c.right - t.right) / c.width < 0.125
                 || (t.top - c.top) / c.height < 0.125 || (c.bottom - t.bottom) / c.height < 0.125;
               const sum = sums.some(s => s.left < t.right && t.left < s.right && s.top < t.bottom && t.top < s.bottom);
               if (edge || sum) clash.push(span.closest('.vcell').dataset.cell);
             }
             return [box('#explain-board').width, smallest, clash.length,
                     ['#explain-board', '#step-next', '#explain-position', '#explain-steps'].filter(s => !inside(box(s))),
                     box('#board').width]")
        .await;
    let viewer = found[0].as_f64().unwrap();
    assert!(
        viewer >= play - 1.0,
        "the explanation's board is {viewer} px, the play board {play} px"
    );
    let smallest = found[1].as_f64().unwrap();
    assert!(smallest >= 11.0, "candidates of {smallest} px");
    assert_eq!(found[2], json!(0), "candidates on the cage lines or sums");
    assert_eq!(found[3], json!([]), "outside the window: {found}");
    // The play board makes room for it, and comes back with its game.
    assert_eq!(found[4], json!(0), "{found}");
    browser.screenshot("web-explain-wide.png").await;
    browser.click("#explain-close").await;
    browser
        .wait_until("document.querySelector('#board').getBoundingClientRect().width > 0")
        .await;
    assert!(browser
        .js("return document.querySelector('#explain-view').hidden")
        .await
        .as_bool()
        .unwrap());
    browser.close().await;
}

/// Guards #43 (the player review's third problem): on a phone, once the page was scrolled,
/// the current step's line, which stays at the top with the board, was drawn over the step
/// list (the part that stays had no background of its own).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_the_step_line_never_covers_the_step_list() {
    let browser = Browser::start(390, 844).await;
    browser.open("").await;
    choose_example(&browser, "killer", "9x9 Killer").await;
    explain(&browser).await;
    for _ in 0..12 {
        browser.click("#step-next").await;
    }
    for scroll in [100, 250, 400] {
        let found = browser
            .js(&format!(
                "window.scrollTo(0, document.querySelector('#explain-view').getBoundingClientRect().top + scrollY + {scroll});
                 const line = document.querySelector('#explain-position');
                 let stays = line;
                 while (stays && getComputedStyle(stays).position !== 'sticky') stays = stays.parentElement;
                 if (!stays) return 'the step line does not stay in view';
                 const top = stays.getBoundingClientRect();
                 const colour = getComputedStyle(stays).backgroundColor;
                 const opaque = colour.startsWith('rgb(') || colour.endsWith(', 1)');
                 if (!opaque) return `the part that stays is see-through (${{colour}})`;
                 // Every step in the list that passes under it is hidden by it.
                 for (const step of document.querySelectorAll('#explain-steps button')) {{
                   const r = step.getBoundingClientRect();
                   for (let y = Math.max(r.top, 0) + 2; y < Math.min(r.bottom, top.bottom); y += 6) {{
                     const at = document.elementFromPoint(r.left + r.width / 2, y);
                     if (at && !stays.contains(at)) return `step ${{step.textContent.slice(0, 30)}} shows through at y ${{y}}`;
                   }}
                 }}
                 return top.top <= 1 ? 'ok' : `the part that stays is at ${{top.top}}`"
            ))
            .await;
        assert_eq!(found, json!("ok"), "scrolled {scroll} px past the view");
    }
    browser.screenshot("web-explain-phone-scrolled.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solve_fills_only_a_unique_solution_and_marks_it_revealed() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    browser.js("window.confirm = () => true; return null").await;
    browser.click("#solving summary").await;
    browser.click("#solve").await;
    browser
        .wait_until(
            "document.querySelector('#solve-result').textContent.endsWith('Solution filled in.')",
        )
        .await;
    assert_eq!(browser.digits().await, KK0_SOLUTION);
    assert_eq!(
        browser
            .js("return document.querySelectorAll('#board .cell.revealed').length")
            .await,
        json!(16)
    );
    // The full grid is checked by the server; the answer says it was filled in, and is
    // never a win: no banner, no congratulation.
    browser
        .wait_until(
            "document.querySelector('#status').textContent === 'The solution is filled in.'",
        )
        .await;
    let status = browser.text("#status").await;
    assert!(
        !status.contains("Solved in") && !status.contains("Well done"),
        "{status}"
    );
    assert_eq!(
        browser.text(".banner").await,
        "",
        "no finish banner after Solve"
    );
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_solutions_are_said_at_once_and_solve_shows_where_two_differ() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    browser
        .wait_until("document.querySelector('#example').value === 'kk0'")
        .await;
    load_link(&browser, SEVERAL).await;
    browser
        .wait_until("document.querySelector('#status').textContent === 'This puzzle has more than one solution; you can still play it.'")
        .await;
    assert_eq!(
        browser
            .js("return document.querySelector('#example').value")
            .await,
        json!(""),
        "the menu no longer names kk0"
    );
    browser.js("window.confirm = () => true; return null").await;
    browser.click("#load summary").await;
    browser.click("#solving summary").await;
    browser.click("#solve").await;
    browser
        .wait_until("document.querySelector('#explain-board .vcell.flagged')")
        .await;
    assert!(browser
        .text("#solve-result")
        .await
        .starts_with("This puzzle has more than one solution"));
    assert_eq!(browser.digits().await, [0; 9], "nothing is filled in");
    assert_eq!(
        browser
            .js("return document.querySelectorAll('#board .cell.wrong').length")
            .await,
        json!(0),
        "nothing is marked wrong"
    );
    // The two solutions differ in rows 2 and 3; each such cell shows both digits.
    assert_eq!(
        browser
            .js("return [...document.querySelectorAll('#explain-board .vcell.flagged')].map(c => Number(c.dataset.cell))")
            .await,
        json!([3, 4, 5, 6, 7, 8])
    );
    assert!(browser
        .text("#explain-board .vcell[data-cell=\"3\"] .alt")
        .await
        .contains(" or "));
    assert!(browser
        .text("#explain-summary")
        .await
        .contains("where two solutions differ"));
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_puzzle_clears_what_was_said_about_the_last() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    choose_example(&browser, "kk1", "6x6").await;
    explain(&browser).await;
    browser.click("#solving summary").await;
    browser.click("#count").await;
    browser
        .wait_until("document.querySelector('#solve-result').textContent.startsWith('Exactly')")
        .await;
    // The explanation has the play board's place: back to the game for a hint.
    browser.click("#explain-close").await;
    browser.click("#hint").await;
    browser
        .wait_until("!document.querySelector('#hint-panel').hidden")
        .await;
    browser.click("#share summary").await;
    browser.click("#share-make").await;
    browser
        .wait_until("document.querySelector('#share-link').value.includes('#p=')")
        .await;
    browser.click("#load summary").await;
    choose_example(&browser, "kk0", "4x4").await;
    let stale = browser
        .js("return [
            document.querySelector('#solve-result').textContent,
            document.querySelector('#explain-summary').textContent,
            document.querySelector('#explain-position').textContent,
            String(document.querySelectorAll('#explain-steps li').length),
            String(document.querySelector('#explain-view').hidden),
            String(document.querySelector('#hint-panel').hidden),
            document.querySelector('#example').value,
            document.querySelector('#share-link').value,
        ]")
        .await;
    assert_eq!(stale, json!(["", "", "", "0", "true", "true", "kk0", ""]));
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hint_level_three_takes_out_only_the_players_own_marks() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    // kk0's first step: r1c1 is 1, so its row and column lose 1. The player marked two cells.
    browser.cell(1).await.click().await.unwrap();
    browser.keys("p12").await;
    browser.cell(4).await.click().await.unwrap();
    browser.keys("34p").await;
    browser
        .wait_until("!document.querySelector('#hint').hidden")
        .await;
    for _ in 0..3 {
        if browser
            .js("return !document.querySelector('#hint-panel').hidden")
            .await
            == json!(true)
        {
            browser.click("#hint-more").await;
        } else {
            browser.click("#hint").await;
        }
        browser
            .wait_until("!document.querySelector('#hint-panel').hidden")
            .await;
    }
    browser
        .wait_until(
            "document.querySelector('#board .cell[data-cell=\"0\"] .digit').textContent === '1'",
        )
        .await;
    let pencil =
        "return [...document.querySelectorAll('#board .cell')].map(c => c.lastChild.textContent)";
    let marks: Vec<String> = serde_json::from_value(browser.js(pencil).await).unwrap();
    assert_eq!(marks[1], "2", "r1c2 loses 1: {marks:?}");
    assert_eq!(marks[4], "34", "r2c1 had no 1: {marks:?}");
    for cell in [2, 3, 5, 8, 12] {
        assert_eq!(marks[cell], "", "cell {cell} gets no marks: {marks:?}");
    }
    let text = browser.text("#hint-text").await;
    assert!(text.ends_with('.') && !text.ends_with(".."), "{text}");
    // The next hint is a new step, though the board shows no marks for the first one's
    // eliminations in the cells the player left unmarked.
    browser.click("#hint").await;
    browser
        .wait_until("document.querySelector('#hint-more').textContent === 'Show the cells'")
        .await;
    let next = browser.text("#hint-text").await;
    assert!(!next.contains("r1c1"), "the same step again: {next}");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_busy_server_is_tried_again_and_the_status_says_so() {
    // One slot, held for 3 s by another client's explanation of a slow puzzle.
    let config = cagey_web::Config {
        time_limit: Duration::from_secs(3),
        heavy_slots: 1,
        slot_wait: Duration::from_millis(100),
        ..cagey_web::Config::default()
    };
    let browser = Browser::start_with(1280, 800, config, &[]).await;
    browser.open("").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    browser
        .js(&format!(
            "fetch('/api/explain', {{ method: 'POST', headers: {{ 'content-type': 'application/json' }},
               body: JSON.stringify({{ puzzle: {:?} }}) }}); return null",
            slow_32x32()
        ))
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    browser.click("#solving summary").await;
    browser.click("#count").await;
    browser
        .wait_until("document.querySelector('#status').textContent.startsWith('The server is busy; trying again in ')")
        .await;
    browser
        .wait_until(
            "document.querySelector('#solve-result').textContent.startsWith('Exactly 1 solution')",
        )
        .await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_background_solve_gives_way_to_the_players_requests() {
    // One slot and a time limit far past the test's patience: a request that waited for the
    // page's own solve of the slow puzzle would never be answered in time.
    let config = cagey_web::Config {
        time_limit: Duration::from_secs(60),
        heavy_slots: 1,
        slot_wait: Duration::from_secs(2),
        ..cagey_web::Config::default()
    };
    let browser = Browser::start_with(1280, 800, config, &[]).await;
    browser.open("").await;
    load_link(&browser, &slow_32x32()).await;
    browser
        .wait_until("document.querySelector('#summary').textContent.startsWith('32x32')")
        .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    browser.click("#load summary").await;
    browser.click("#solving summary").await;
    browser.click("#new summary").await;
    browser.select("#new-size", "4").await;
    browser.click("#new-button").await;
    browser
        .wait_until("document.querySelector('#summary').textContent.startsWith('4x4')")
        .await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_without_a_solution_or_one_the_solver_gives_up_on_is_said_at_once() {
    let config = cagey_web::Config {
        time_limit: Duration::from_secs(1),
        ..cagey_web::Config::default()
    };
    let browser = Browser::start_with(1280, 800, config, &[]).await;
    browser.open("").await;
    // A 2x2 whose first row must add up to 4: 1 + 2 never does.
    load_link(&browser, "4+,0 1\n3+,2 3\n").await;
    browser
        .wait_until(
            "document.querySelector('#status').textContent === 'This puzzle has no solution.'",
        )
        .await;
    load_link(&browser, &slow_32x32()).await;
    browser
        .wait_until("document.querySelector('#status').textContent === 'The solver could not settle this puzzle in time; you can still play it.'")
        .await;
    browser.close().await;
}
