//! Playing on the page in a real browser (issue #33's play items): a solved grid that Undo
//! makes a game again, a full wrong grid's broken rules, live conflicts, Check without a
//! known solution, the keyboard kept on the board, highlights, corner and centre marks,
//! candidates, several cells at once, the finish, pause, dark mode and the layout at
//! 1280x800 and on a phone.

mod common;

use std::time::Duration;

use common::browser::{link, Browser, BACKSPACE, CONTROL, DOWN, ESCAPE, NULL, RIGHT, SHIFT};
use common::KK0_SOLUTION;
use serde_json::{json, Value};

/// The built-in killer example's solution, row-major (from `cagey solve --example killer`).
const KILLER_SOLUTION: [u8; 81] = [
    7, 5, 1, 3, 8, 9, 2, 6, 4, 3, 9, 2, 1, 4, 6, 8, 5, 7, 6, 8, 4, 7, 5, 2, 9, 3, 1, 8, 3, 9, 4, 1,
    7, 6, 2, 5, 2, 4, 7, 5, 6, 8, 3, 1, 9, 1, 6, 5, 2, 9, 3, 7, 4, 8, 5, 7, 6, 9, 3, 1, 4, 8, 2, 4,
    2, 8, 6, 7, 5, 1, 9, 3, 9, 1, 3, 8, 2, 4, 5, 7, 6,
];

/// Chooses the built-in example `name` and waits until its summary starts with `summary`.
async fn example(browser: &Browser, name: &str, summary: &str) {
    browser.select("#example", name).await;
    browser
        .wait_until(&format!(
            "document.querySelector('#summary').textContent.startsWith({summary:?})"
        ))
        .await;
    browser.cell(0).await.click().await.unwrap();
}

/// Opens the puzzle `text` from a link.
async fn open_text(browser: &Browser, text: &str, summary: &str) {
    browser
        .client
        .goto(&browser.server.url(&link(text)))
        .await
        .unwrap();
    browser
        .wait_until(&format!(
            "document.querySelector('#summary').textContent.startsWith({summary:?})"
        ))
        .await;
}

/// Clicks cell `index` and types `keys`.
/// Presses Check until the status says `words`: the background solve the comparison
/// waits for may still be running (up to 5 s).
async fn check_until(browser: &Browser, words: &str) {
    for _ in 0..100 {
        browser.click("#check").await;
        if browser.text("#status").await.contains(words) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn type_at(browser: &Browser, index: usize, keys: &str) {
    browser.cell(index).await.click().await.unwrap();
    browser.keys(keys).await;
}

/// Whether cell `index` has the class `class`.
async fn has_class(browser: &Browser, index: usize, class: &str) -> bool {
    browser
        .js(&format!(
            "return document.querySelector('.cell[data-cell=\"{index}\"]').classList.contains({class:?})"
        ))
        .await
        == json!(true)
}

/// The cells that have the class `class`.
async fn cells_with(browser: &Browser, class: &str) -> Vec<usize> {
    let value = browser
        .js(&format!(
            "return [...document.querySelectorAll('.cell.{class}')].map(c => Number(c.dataset.cell))"
        ))
        .await;
    serde_json::from_value(value).unwrap()
}

async fn attribute(browser: &Browser, index: usize, name: &str) -> Value {
    browser
        .js(&format!(
            "return document.querySelector('.cell[data-cell=\"{index}\"]').getAttribute({name:?})"
        ))
        .await
}

/// The attribute `name` of the element `selector`, as text.
async fn attribute_of(browser: &Browser, selector: &str, name: &str) -> String {
    browser
        .js(&format!(
            "return document.querySelector({selector:?}).getAttribute({name:?})"
        ))
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

async fn label(browser: &Browser, index: usize) -> String {
    attribute(browser, index, "aria-label")
        .await
        .as_str()
        .unwrap()
        .to_string()
}

/// The text of cell `index`'s part `part` (`.notes` for centre marks, `.corner`).
async fn marks(browser: &Browser, index: usize, part: &str) -> String {
    browser
        .text(&format!(".cell[data-cell=\"{index}\"] {part}"))
        .await
}

/// Presses on cell `from`, drags over `over` and lets go, as pointer events.
async fn drag(browser: &Browser, from: usize, over: &[usize]) {
    browser
        .js(&format!(
            "const cells = document.querySelectorAll('.cell');
             const at = (i, extra = {{}}) => {{
               const r = cells[i].getBoundingClientRect();
               return {{ clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, bubbles: true,
                        pointerId: 1, isPrimary: true, buttons: 1, ...extra }};
             }};
             cells[{from}].dispatchEvent(new PointerEvent('pointerdown', at({from})));
             for (const i of {over:?}) cells[{from}].dispatchEvent(new PointerEvent('pointermove', at(i)));
             window.dispatchEvent(new PointerEvent('pointerup', at({from})));
             return null"
        ))
        .await;
}

/// Whether the keyboard focus is on a cell of the board.
async fn focus_on_board(browser: &Browser) -> bool {
    browser
        .js("return !!document.activeElement?.classList.contains('cell')")
        .await
        == json!(true)
}

/// Waits long enough for the timer to tick, and says whether it changed.
async fn timer_moves(browser: &Browser) -> bool {
    let before = browser.text("#timer").await;
    tokio::time::sleep(Duration::from_millis(2200)).await;
    browser.text("#timer").await != before
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_after_a_solved_grid_makes_it_a_game_again() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    for (index, digit) in KK0_SOLUTION.iter().enumerate() {
        type_at(&browser, index, &digit.to_string()).await;
    }
    browser
        .wait_until("document.querySelector('#status').textContent.startsWith('Solved in')")
        .await;
    // The finish is the player's: a banner with exactly the time the timer shows.
    let timer = browser.text("#timer").await;
    assert_eq!(browser.text(".banner").await, format!("Solved in {timer}"));
    assert_eq!(
        browser.text("#status").await,
        format!("Solved in {timer}. Well done!")
    );
    assert!(browser
        .js("return document.querySelector('#board').classList.contains('celebrate')")
        .await
        .as_bool()
        .unwrap());
    assert!(!timer_moves(&browser).await, "the clock stops when solved");

    // Undo: the grid is not done, typing works, the clock runs.
    browser.keys(&format!("{CONTROL}z{NULL}")).await;
    assert_eq!(browser.digits().await[15], 0);
    browser
        .wait_until("!document.querySelector('#board').classList.contains('done')")
        .await;
    assert_eq!(browser.text(".banner").await, "");
    browser.keys("1").await;
    assert_eq!(browser.digits().await[15], 1, "typing works after Undo");
    browser.keys(&BACKSPACE.to_string()).await;
    assert_eq!(browser.digits().await[15], 0);
    assert!(timer_moves(&browser).await, "the clock runs after Undo");

    // After a reload the page does not say "Solved." over a grid that is not full, even
    // from a save made before `done` followed the grid.
    browser
        .js(
            "for (const k of Object.keys(localStorage)) if (k.startsWith('cagey:progress:')) {
               const s = JSON.parse(localStorage.getItem(k)); s.done = true;
               localStorage.setItem(k, JSON.stringify(s));
             }
             Storage.prototype.setItem = () => {}; return null",
        )
        .await;
    browser.client.refresh().await.unwrap();
    browser.wait_ready().await;
    assert_eq!(browser.digits().await[15], 0);
    assert_eq!(browser.digits().await[14], KK0_SOLUTION[14]);
    assert!(!browser.text("#status").await.starts_with("Solved"));
    type_at(&browser, 15, "2").await;
    browser
        .wait_until("document.querySelector('#status').textContent.startsWith('Solved in')")
        .await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn conflicts_are_marked_live_and_can_be_switched_off() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    // Two 3s in row 1.
    type_at(&browser, 1, "3").await;
    assert!(!has_class(&browser, 1, "conflict").await);
    type_at(&browser, 3, "3").await;
    assert_eq!(cells_with(&browser, "conflict").await, [1, 3]);
    assert_eq!(attribute(&browser, 1, "aria-invalid").await, json!("true"));
    assert!(label(&browser, 3).await.contains("3 repeated in row 1"));
    // The mark is not colour alone: the digit is struck through and a triangle shows.
    let look = browser
        .js("const c = document.querySelector('.cell[data-cell=\"1\"]');
             return [getComputedStyle(c.querySelector('.digit')).textDecorationLine,
                     getComputedStyle(c, '::after').content]")
        .await;
    assert_eq!(look, json!(["line-through", "\"\""]));
    // A full cage that misses its target: 7+ holding 1 and 2. The cage is marked, outlined,
    // not its digits, which may be right (player review 5).
    type_at(&browser, 12, "1").await;
    assert!(!has_class(&browser, 12, "cage-miss").await);
    type_at(&browser, 13, "2").await;
    assert!(label(&browser, 12)
        .await
        .contains("cage 7+ misses its target"));
    assert_eq!(cells_with(&browser, "cage-miss").await, [12, 13]);
    assert!(
        !has_class(&browser, 12, "conflict").await,
        "the digits are not struck"
    );
    assert_eq!(
        browser
            .js("return document.querySelector('#board .picture .label[aria-label=\"7+\"]').classList.contains('missed')")
            .await,
        json!(true),
        "the clue is marked"
    );
    browser.screenshot("play-cage-miss.png").await;
    // Undo ends it.
    browser.keys(&format!("{CONTROL}z{NULL}")).await;
    assert!(!has_class(&browser, 12, "cage-miss").await);

    // Switched off, remembered over a reload.
    browser.click("#show-conflicts").await;
    assert_eq!(cells_with(&browser, "conflict").await, Vec::<usize>::new());
    assert_eq!(attribute(&browser, 1, "aria-invalid").await, Value::Null);
    browser.client.refresh().await.unwrap();
    browser.wait_ready().await;
    assert_eq!(
        browser
            .js("return document.querySelector('#show-conflicts').checked")
            .await,
        json!(false)
    );
    assert_eq!(cells_with(&browser, "conflict").await, Vec::<usize>::new());
    browser.click("#show-conflicts").await;
    assert_eq!(cells_with(&browser, "conflict").await, [1, 3]);

    // A Killer Sudoku: a digit twice in a box, and twice in a killer cage.
    example(&browser, "killer", "9x9 Killer").await;
    type_at(&browser, 0, "5").await;
    type_at(&browser, 10, "5").await;
    let said = label(&browser, 10).await;
    assert!(said.contains("5 repeated in box 1"), "{said}");
    assert!(said.contains("5 repeated in cage 24"), "{said}");
    browser.close().await;
}

/// Issue #45: a Killer X shows both diagonals on the board, as the library draws them, a
/// digit twice on a diagonal is marked live and by Check, in the library's words, and the
/// selected cell's diagonals are shaded with its other houses. The screenshot is the 9x9
/// Killer X at laptop size.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killer_x_shows_its_diagonals_and_marks_a_digit_twice_on_one() {
    let browser = Browser::start(1280, 800).await;
    let text = include_str!("../../cagey/tests/fixtures/killer-x.kk");
    open_text(&browser, text, "9x9 Killer Sudoku with diagonals").await;
    let lines = browser
        .js("return [...document.querySelectorAll('#board .picture path.diagonals')].map(p => p.getAttribute('d'))")
        .await;
    let lines = lines.as_array().unwrap();
    assert_eq!(lines.len(), 1, "{lines:?}");
    // Both diagonals: two subpaths at least (more where a clue breaks one).
    assert!(
        lines[0].as_str().unwrap().matches('M').count() >= 2,
        "{lines:?}"
    );
    // r1c1 and r4c4: the falling diagonal, in no row, column or box together.
    type_at(&browser, 0, "5").await;
    type_at(&browser, 30, "5").await;
    assert_eq!(cells_with(&browser, "conflict").await, [0, 30]);
    let said = label(&browser, 30).await;
    assert!(
        said.contains("5 repeated in the diagonal r1c1-r9c9"),
        "{said}"
    );
    browser.click("#check").await;
    assert!(
        browser
            .text("#status")
            .await
            .starts_with("2 cells repeat a digit (r1c1 and r4c4)"),
        "{}",
        browser.text("#status").await
    );
    assert_eq!(cells_with(&browser, "wrong").await, [0, 30]);
    browser.keys(&format!("{CONTROL}z{NULL}")).await;
    // The centre's peers take in both diagonals: the four corners share nothing else with it.
    browser.cell(40).await.click().await.unwrap();
    let peers = cells_with(&browser, "peer").await;
    for corner in [0, 8, 72, 80] {
        assert!(peers.contains(&corner), "{corner} in {peers:?}");
    }
    browser.screenshot("web-killer-x.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_reports_conflicts_always_and_the_solution_only_when_known() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    // kk0 has one solution: a wrong digit, and centre marks that leave out the answer (3).
    type_at(&browser, 4, "3").await;
    type_at(&browser, 5, &format!("{CONTROL}1{NULL}{CONTROL}2{NULL}")).await;
    assert_eq!(marks(&browser, 5, ".notes").await, "12");
    check_until(&browser, "compared with the solution").await;
    let status = browser.text("#status").await;
    assert_eq!(
        status,
        "No conflicts; compared with the solution, 1 cell is wrong and 1 cell lacks its digit in the marks (marked)."
    );
    assert_eq!(cells_with(&browser, "wrong").await, [4, 5]);
    // The cell with only wrong marks shows it: hatched, its marks struck through.
    let look = browser
        .js("const c = document.querySelector('.cell[data-cell=\"5\"]');
             return [getComputedStyle(c).backgroundImage.startsWith('repeating-linear-gradient'),
                     getComputedStyle(c.querySelector('.notes')).textDecorationLine]")
        .await;
    assert_eq!(look, json!([true, "line-through"]));

    // A puzzle with two solutions: conflicts are checked, digits are not compared.
    open_text(&browser, "3+,0 1\n3+,2 3\n", "2x2").await;
    type_at(&browser, 0, "1").await;
    type_at(&browser, 1, "1").await;
    check_until(&browser, "not compared").await;
    assert_eq!(
        browser.text("#status").await,
        "2 cells repeat a digit (r1c1 and r1c2); 1 cage misses its target (3+ at r1c1); digits \
         were not compared with a solution (the puzzle has several solutions) (marked)."
    );
    assert_eq!(cells_with(&browser, "wrong").await, [0, 1]);
    assert_eq!(cells_with(&browser, "missed").await, [0, 1]);
    browser.close().await;
}

/// Whether the clue `label` in the board's picture is marked as missing its target, and its
/// colour.
async fn clue(browser: &Browser, label: &str) -> (bool, String) {
    let found = browser
        .js(&format!(
            "const l = document.querySelector('#board .picture .label[aria-label=\"{label}\"]');
             return [l.classList.contains('missed'), getComputedStyle(l).fill]"
        ))
        .await;
    serde_json::from_value(found).unwrap()
}

/// The widths of the red trace's sides in cell `index` (top, right, bottom, left), in px.
async fn trace(browser: &Browser, index: usize) -> Vec<f64> {
    let found = browser
        .js(&format!(
            "const s = getComputedStyle(document.querySelector('.cell[data-cell=\"{index}\"]'), '::before');
             return s.content === 'none' ? [0, 0, 0, 0]
               : ['Top', 'Right', 'Bottom', 'Left'].map(side => parseFloat(s[`border${{side}}Width`]))"
        ))
        .await;
    serde_json::from_value(found).unwrap()
}

/// Guards #43 (the player review's fifth problem): Check hatched every cell of a full cage
/// that missed its target like a wrong digit, the right ones too, and said only "N cells
/// break a rule". The cage is marked as a cage (its clue and a red trace inside its
/// border), its digits only when they are wrong, and the message tells the two apart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_marks_a_cage_that_misses_its_target_not_its_right_digits() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    // Live marks off, so that what shows is Check's.
    browser.click("#show-conflicts").await;
    // kk0's 7+ (r4c1, r4c2) holding 3 and 2: no digit repeats; 3 is right, 2 is not (4).
    type_at(&browser, 12, "3").await;
    type_at(&browser, 13, "2").await;
    assert_eq!(cells_with(&browser, "cage-miss").await, Vec::<usize>::new());
    check_until(&browser, "compared with the solution").await;
    assert_eq!(
        browser.text("#status").await,
        "1 cage misses its target (7+ at r4c1); compared with the solution, 1 cell is wrong \
         (marked)."
    );
    // The right 3 is not hatched; the wrong 2 is, for being wrong.
    assert_eq!(cells_with(&browser, "wrong").await, [13]);
    assert_eq!(cells_with(&browser, "missed").await, [12, 13]);
    let (marked, fill) = clue(&browser, "7+").await;
    assert!(marked, "the clue is marked");
    assert_eq!(fill, "rgb(192, 22, 44)");
    assert!(!clue(&browser, "2÷").await.0, "other clues are not");
    // The trace follows the cage's border: r4c1 has its top, bottom and left sides on it,
    // not its right, which r4c2 shares.
    let sides = trace(&browser, 12).await;
    assert!(
        sides[0] > 1.0 && sides[2] > 1.0 && sides[3] > 1.0 && sides[1] == 0.0,
        "{sides:?}"
    );
    assert_eq!(trace(&browser, 8).await, [0.0; 4], "a cell of another cage");
    assert!(label(&browser, 12)
        .await
        .contains("cage 7+ misses its target"));
    browser.screenshot("play-check-cage.png").await;
    // Mending the cage takes the mark off it.
    type_at(&browser, 13, "4").await;
    assert_eq!(cells_with(&browser, "missed").await, Vec::<usize>::new());
    assert!(!clue(&browser, "7+").await.0);
    browser.close().await;
}

/// Regression: Check's mark on a repeated digit stayed on the untouched cell after the player
/// changed the other cell of the repeat, until the next Check. A repeat's mark goes from
/// both cells once the repeat is gone; a wrong digit's stays until its own cell changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn check_s_mark_of_a_repeat_goes_when_either_cell_mends_it() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    // Live marks off, so that what shows is Check's.
    browser.click("#show-conflicts").await;
    // kk0 (its solution's rows 1 and 2: 1 2 4 3, 4 3 2 1): 3 twice in row 1, at r1c2
    // (wrong) and r1c4 (right); 1 twice in row 2, at r2c1 (wrong) and r2c4 (right).
    type_at(&browser, 1, "3").await;
    type_at(&browser, 3, "3").await;
    type_at(&browser, 4, "1").await;
    type_at(&browser, 7, "1").await;
    check_until(&browser, "compared with the solution").await;
    assert_eq!(
        browser.text("#status").await,
        "4 cells repeat a digit (r1c2, r1c4, r2c1 and r2c4); compared with the solution, 2 \
         cells are wrong (marked)."
    );
    assert_eq!(cells_with(&browser, "wrong").await, [1, 3, 4, 7]);
    // r1c2 mended: r1c4, untouched, no longer repeats its 3.
    type_at(&browser, 1, "2").await;
    assert_eq!(cells_with(&browser, "wrong").await, [4, 7]);
    assert!(!label(&browser, 3).await.contains("wrong"));
    // r2c4 erased: r2c1's 1 repeats nothing now, but it is wrong, and stays marked.
    type_at(&browser, 7, &BACKSPACE.to_string()).await;
    assert_eq!(cells_with(&browser, "repeated").await, Vec::<usize>::new());
    assert_eq!(cells_with(&browser, "wrong").await, [4]);
    // A mark remains, so Check's words stand.
    assert!(browser
        .text("#status")
        .await
        .starts_with("4 cells repeat a digit"));
    // Until it changes.
    type_at(&browser, 4, "4").await;
    assert_eq!(cells_with(&browser, "wrong").await, Vec::<usize>::new());
    // With every mark mended the line no longer claims the repeats (the player review's
    // second defect: it said "2 cells repeat a digit (r1c1 and r2c1)" over a mended grid).
    assert_eq!(browser.text("#status").await, "No marked mistakes left.");
    // Restart says so: Check's words on the cells it empties went on standing.
    browser.click("#restart").await;
    assert_eq!(
        browser.text("#status").await,
        "Restarted: every cell is cleared and the clock starts from 0:00; Undo brings the \
         cells back."
    );
    browser.close().await;
}

/// Regression (#42): a full grid that was wrong said only the first rule `/api/check`
/// found (or its first empty cell); now every broken rule is said and its cells marked.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_wrong_grid_says_every_broken_rule_and_marks_its_cells() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    // kk0's solution with 1 for the 2 in r4c4: row 4, column 4 and the 2÷ cage break.
    let mut digits = KK0_SOLUTION;
    digits[15] = 1;
    for (index, digit) in digits.iter().enumerate() {
        type_at(&browser, index, &digit.to_string()).await;
    }
    browser
        .wait_until(
            "document.querySelector('#status').textContent.startsWith('Every cell is filled')",
        )
        .await;
    assert_eq!(
        browser.text("#status").await,
        "Every cell is filled, but not right yet: row 4 holds 1 twice: r4c3 and r4c4; \
         column 4 holds 1 twice: r2c4 and r4c4; cage 2÷ at r4c3: its digits 1 1 do not \
         make 2÷ (marked)."
    );
    assert_eq!(cells_with(&browser, "wrong").await, [7, 14, 15]);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_keyboard_stays_on_the_board_after_any_button() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    browser
        .wait_until("!document.querySelector('#hint').hidden")
        .await;
    browser.cell(0).await.click().await.unwrap();
    browser.click("#pad button:nth-child(1)").await;
    assert!(focus_on_board(&browser).await, "after a pad digit");
    browser.keys(&format!("{RIGHT}2")).await;
    assert_eq!(&browser.digits().await[..2], &[1, 2]);
    for button in [
        "#pencil",
        "#mode-normal",
        "#mode-corner",
        "#undo",
        "#redo",
        "#check",
        "#fill",
        "#erase",
        "#hint",
        "#show-conflicts",
    ] {
        browser.click(button).await;
        assert!(focus_on_board(&browser).await, "after {button}");
    }
    // Keys still reach the board.
    browser.keys(&format!("{CONTROL}z{NULL}")).await;
    browser.keys(&format!("{RIGHT}z4")).await;
    assert_eq!(browser.digits().await[2], 4);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_selected_cells_row_column_cage_and_digit_are_highlighted() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    type_at(&browser, 4, "4").await;
    type_at(&browser, 2, "4").await;
    // r1c3: row 1, column 3 and the 11+ cage (cells 1, 2, 5, 6).
    assert_eq!(cells_with(&browser, "peer").await, [0, 1, 3, 5, 6, 10, 14]);
    assert_eq!(cells_with(&browser, "same").await, [2, 4]);
    // A killer's box is shaded too.
    example(&browser, "killer", "9x9 Killer").await;
    let peers = cells_with(&browser, "peer").await;
    for cell in [1, 2, 9, 10, 11, 18, 19, 20, 8, 72] {
        assert!(peers.contains(&cell), "{cell} in {peers:?}");
    }
    assert!(!peers.contains(&30));
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn corner_and_centre_marks_by_mode_and_by_modifier() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    browser.cell(0).await.click().await.unwrap();
    // Shift+digit a corner mark, Ctrl+digit a centre mark, in normal mode.
    browser
        .keys(&format!("{SHIFT}2{NULL}{CONTROL}3{NULL}"))
        .await;
    assert_eq!(marks(&browser, 0, ".corner").await, "2");
    assert_eq!(marks(&browser, 0, ".notes").await, "3");
    assert_eq!(browser.digits().await[0], 0);
    // X: corner mode; C: centre mode; Z: digits.
    browser.keys("x4c1").await;
    assert_eq!(marks(&browser, 0, ".corner").await, "24");
    assert_eq!(marks(&browser, 0, ".notes").await, "13");
    assert!(label(&browser, 0)
        .await
        .contains("centre marks 1 3, corner marks 2 4"));
    // Space cycles: centre, then normal, then corner.
    browser.keys(" ").await;
    assert_eq!(
        browser
            .js("return document.querySelector('#mode-normal').getAttribute('aria-pressed')")
            .await,
        json!("true")
    );
    browser.keys(" ").await;
    assert_eq!(
        browser
            .js("return document.querySelector('#mode-corner').getAttribute('aria-pressed')")
            .await,
        json!("true")
    );
    // Undo takes marks back one move at a time.
    browser.keys(&format!("{CONTROL}z{NULL}")).await;
    assert_eq!(marks(&browser, 0, ".notes").await, "3");
    browser.keys(&format!("{CONTROL}z{NULL}")).await;
    assert_eq!(marks(&browser, 0, ".corner").await, "2");
    browser.keys(&format!("{CONTROL}y{NULL}")).await;
    // Saved with the game.
    browser.client.refresh().await.unwrap();
    browser.wait_ready().await;
    assert_eq!(marks(&browser, 0, ".corner").await, "24");
    assert_eq!(marks(&browser, 0, ".notes").await, "3");
    // The buttons choose the mode too.
    browser.click("#mode-corner").await;
    type_at(&browser, 1, "1").await;
    assert_eq!(marks(&browser, 1, ".corner").await, "1");
    browser.click("#mode-normal").await;
    type_at(&browser, 1, "1").await;
    assert_eq!(browser.digits().await[1], 1);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fill_candidates_counts_the_cages_and_gives_back_the_marks_it_replaces() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    type_at(&browser, 0, "1").await;
    type_at(&browser, 5, &format!("{CONTROL}2{NULL}")).await;
    browser.keys("m").await;
    // 4+ down r1c4 and r2c4 is 3 + 1 with row 1's 1; 8× is 2 × 4 × 1 with column 1's 1.
    assert_eq!(marks(&browser, 3, ".notes").await, "3");
    assert_eq!(marks(&browser, 7, ".notes").await, "1");
    assert_eq!(marks(&browser, 4, ".notes").await, "24");
    assert_eq!(marks(&browser, 9, ".notes").await, "1");
    assert_eq!(marks(&browser, 15, ".notes").await, "124");
    assert_eq!(marks(&browser, 5, ".notes").await, "1234");
    assert_eq!(marks(&browser, 0, ".notes").await, "");
    assert_eq!(
        browser.text("#status").await,
        "Candidates filled in 15 cells; Undo brings your marks back."
    );
    // One move: Undo brings the player's own mark back.
    browser.keys(&format!("{CONTROL}z{NULL}")).await;
    assert_eq!(marks(&browser, 5, ".notes").await, "2");
    assert_eq!(marks(&browser, 3, ".notes").await, "");
    assert_eq!(browser.digits().await[0], 1);
    // The button does the same.
    browser.click("#fill").await;
    assert_eq!(marks(&browser, 14, ".notes").await, "124");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_placed_digit_leaves_the_marks_that_see_it_unless_switched_off() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    type_at(&browser, 0, "1").await;
    browser.keys("m").await;
    assert_eq!(marks(&browser, 11, ".notes").await, "1234");
    type_at(&browser, 1, &format!("{SHIFT}3{NULL}")).await;
    assert_eq!(marks(&browser, 1, ".corner").await, "3");
    // A 3 in r1c4 leaves r1c2 and r1c3 (its row) and r3c4 (its column), corner marks too.
    type_at(&browser, 3, "3").await;
    assert_eq!(marks(&browser, 2, ".notes").await, "24");
    assert_eq!(marks(&browser, 1, ".notes").await, "24");
    assert_eq!(marks(&browser, 1, ".corner").await, "");
    assert_eq!(marks(&browser, 11, ".notes").await, "124");
    assert_eq!(
        marks(&browser, 10, ".notes").await,
        "1234",
        "r3c3 does not see r1c4"
    );
    // One Undo takes the digit and brings the marks back.
    browser.keys(&format!("{CONTROL}z{NULL}")).await;
    assert_eq!(browser.digits().await[3], 0);
    assert_eq!(marks(&browser, 11, ".notes").await, "1234");
    assert_eq!(marks(&browser, 1, ".corner").await, "3");
    // Switched off, and remembered.
    assert_eq!(
        browser
            .js("return document.querySelector('#auto-clean').checked")
            .await,
        json!(true),
        "on by default"
    );
    browser.click("#auto-clean").await;
    browser.client.refresh().await.unwrap();
    browser.wait_ready().await;
    assert_eq!(
        browser
            .js("return document.querySelector('#auto-clean').checked")
            .await,
        json!(false)
    );
    type_at(&browser, 3, "3").await;
    assert_eq!(browser.digits().await[3], 3);
    assert_eq!(marks(&browser, 11, ".notes").await, "1234");
    // Switched on again, it names the houses a KenKen has (it said "box and cage" on any).
    browser.click("#auto-clean").await;
    assert_eq!(
        browser.text("#status").await,
        "A digit placed leaves the marks of its row and column."
    );
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_cells_take_a_digit_marks_and_erase_at_once() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    // A drag over the first row.
    drag(&browser, 0, &[1, 2]).await;
    assert_eq!(cells_with(&browser, "selected").await, [0, 1, 2]);
    assert!(focus_on_board(&browser).await);
    browser.keys("x3").await;
    for cell in [0, 1, 2] {
        assert_eq!(marks(&browser, cell, ".corner").await, "3");
    }
    // Centre marks in all, then Backspace clears all.
    browser.keys(&format!("{CONTROL}4{NULL}")).await;
    for cell in [0, 1, 2] {
        assert_eq!(marks(&browser, cell, ".notes").await, "4");
    }
    browser.keys(&BACKSPACE.to_string()).await;
    for cell in [0, 1, 2] {
        assert_eq!(marks(&browser, cell, ".notes").await, "");
        assert_eq!(marks(&browser, cell, ".corner").await, "");
    }
    // Shift+arrow extends the selection; in normal mode a digit goes into every cell.
    browser.keys(&format!("{SHIFT}{RIGHT}{NULL}z2")).await;
    assert_eq!(cells_with(&browser, "selected").await, [0, 1, 2, 3]);
    assert_eq!(&browser.digits().await[..4], &[2, 2, 2, 2]);
    // A plain click selects one cell again; Ctrl-click adds one.
    browser.cell(8).await.click().await.unwrap();
    assert_eq!(cells_with(&browser, "selected").await, [8]);
    browser
        .js("const c = document.querySelector('.cell[data-cell=\"9\"]'); const r = c.getBoundingClientRect();
             c.dispatchEvent(new PointerEvent('pointerdown', { clientX: r.x + 5, clientY: r.y + 5, ctrlKey: true, bubbles: true, pointerId: 1, isPrimary: true, buttons: 1 }));
             window.dispatchEvent(new PointerEvent('pointerup', {})); return null")
        .await;
    assert_eq!(cells_with(&browser, "selected").await, [8, 9]);
    browser.keys("x1").await;
    assert_eq!(marks(&browser, 8, ".corner").await, "1");
    assert_eq!(marks(&browser, 9, ".corner").await, "1");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revealed_grid_is_not_congratulated() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    // Reveal one cell, type over it: it is the player's again.
    browser.cell(1).await.click().await.unwrap();
    for _ in 0..100 {
        browser.click("#reveal").await;
        if browser.digits().await[1] != 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(has_class(&browser, 1, "revealed").await);
    browser.keys("3").await;
    assert!(!has_class(&browser, 1, "revealed").await);
    // Every cell revealed: the solution is filled in, without celebration.
    drag(&browser, 0, &(1..16).collect::<Vec<_>>()).await;
    browser.click("#reveal").await;
    browser
        .wait_until(
            "document.querySelector('#status').textContent === 'The solution is filled in.'",
        )
        .await;
    assert_eq!(browser.digits().await, KK0_SOLUTION);
    assert_eq!(browser.text(".banner").await, "");
    assert_eq!(
        browser
            .js("return document.querySelector('#board').classList.contains('celebrate')")
            .await,
        json!(false)
    );
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pause_stops_the_clock_and_hides_the_grid() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    type_at(&browser, 0, "1").await;
    browser.click("#pause").await;
    browser
        .wait_until("document.querySelector('#board').classList.contains('paused')")
        .await;
    let hidden = browser
        .js(
            "const r = document.querySelector('#board').getBoundingClientRect();
             return [getComputedStyle(document.querySelector('.cells')).opacity,
                     document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2).className,
                     document.querySelector('.board .cover').textContent]",
        )
        .await;
    assert_eq!(hidden, json!(["0", "cover", "Paused"]));
    assert!(!timer_moves(&browser).await, "the clock stops while paused");
    // Keys do nothing while paused, but Escape resumes.
    browser.keys("2").await;
    assert_eq!(browser.digits().await[0], 1);
    browser.keys(&ESCAPE.to_string()).await;
    browser
        .wait_until("!document.querySelector('#board').classList.contains('paused')")
        .await;
    assert!(timer_moves(&browser).await, "the clock runs again");
    // Escape pauses too, and a click on the timer resumes.
    browser.keys(&ESCAPE.to_string()).await;
    browser
        .wait_until("document.querySelector('#board').classList.contains('paused')")
        .await;
    browser.click("#timer").await;
    browser
        .wait_until("!document.querySelector('#board').classList.contains('paused')")
        .await;
    browser.close().await;
}

/// A 9x9 killer mid-game: correct digits, one conflict, corner and centre marks.
async fn killer_mid_game(browser: &Browser) {
    example(browser, "killer", "9x9 Killer").await;
    for cell in [0, 1, 2, 9, 10, 11, 20, 30, 31, 40, 41, 50, 60, 70] {
        type_at(browser, cell, &KILLER_SOLUTION[cell].to_string()).await;
    }
    // A conflict: a second 4 in row 3.
    type_at(browser, 22, "4").await;
    // Corner marks of the 17 cage, centre marks of the top-right box.
    drag(browser, 4, &[5]).await;
    browser.keys("x89z").await;
    drag(browser, 6, &[7, 8, 15, 16, 17]).await;
    browser.keys("c2468z").await;
    browser.cell(40).await.click().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn board_pad_and_tools_fit_at_1280x800() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    killer_mid_game(&browser).await;
    let outside = browser
        .js("const out = [];
             for (const s of ['#board', '#pad', '.tools', '.modes', '#status']) {
               const r = document.querySelector(s).getBoundingClientRect();
               if (r.bottom > innerHeight || r.right > innerWidth || r.top < 0 || r.left < 0) out.push(s);
             }
             return out")
        .await;
    assert_eq!(outside, json!([]), "outside the 1280x800 window");
    assert!(has_class(&browser, 22, "conflict").await);
    assert!(has_class(&browser, 41, "same").await || has_class(&browser, 40, "same").await);
    browser.screenshot("web-play.png").await;
    browser.close().await;
}

/// Guards #43 (the player review's eighth problem): at 200% zoom the board was taller than
/// the window and the pad fell off it. A 1280x800 screen at 200% is a 640x400 window.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_200_percent_zoom_the_board_and_pad_fit_the_window() {
    let browser = Browser::start_zoomed(1280, 800, 2.0).await;
    browser.open("").await;
    killer_mid_game(&browser).await;
    let window = browser
        .js("return [innerWidth, innerHeight, scrollY]")
        .await;
    assert_eq!(window[0], json!(640), "{window}");
    // WebDriver's clicks and keys scroll the page their own way; a player opens it at the top.
    browser.js("window.scrollTo(0, 0); return null").await;
    let outside = browser
        .js("const out = [];
             for (const s of ['#board', '#pad', '.modes']) {
               const r = document.querySelector(s).getBoundingClientRect();
               if (r.bottom > innerHeight || r.right > innerWidth || r.top < 0 || r.left < 0) out.push(`${s} at ${[r.left, r.top, r.right, r.bottom]} in ${innerWidth}x${innerHeight}`);
             }
             return out")
        .await;
    assert_eq!(
        outside,
        json!([]),
        "outside the window, scrolled {}",
        window[2]
    );
    // As large as the window allows: no less than two thirds of its height.
    let side = browser
        .js("return document.querySelector('#board').getBoundingClientRect().width / innerHeight")
        .await
        .as_f64()
        .unwrap();
    assert!(side >= 0.66, "the board is {side} of the window's height");
    browser.screenshot("web-zoom-200.png").await;
    browser.close().await;
}

/// Whether the marks in a killer's cells clear the cage's dashed outline (from 8.75 to
/// 11.25 hundredths of the cell in from each side: `KILLER_INSET` 10, line 2.5) and the
/// cage sums: every line of marks (its width as set, its height the line's, which holds
/// the digits' ink) at least an eighth of the cell in from each side and apart from every
/// sum.
async fn killer_marks_clear_the_cage_lines(browser: &Browser) -> Value {
    browser
        .js("const sums = [...document.querySelectorAll('#board .picture .label')].map(l => l.getBoundingClientRect());
             const boxes = [];
             for (const cell of document.querySelectorAll('#board .cell')) {
               const c = cell.getBoundingClientRect();
               const range = document.createRange();
               const notes = cell.querySelector('.notes');
               range.selectNodeContents(notes);
               const line = parseFloat(getComputedStyle(notes).lineHeight);
               // The text's box is the font's whole height, more than its line's: the line
               // is centred in it.
               const lineBox = (r) => ({ left: r.left, right: r.right, top: r.top + (r.height - line) / 2, bottom: r.bottom - (r.height - line) / 2 });
               boxes.push(...[...range.getClientRects()].map(r => ['centre', cell.dataset.cell, c, lineBox(r)]));
               for (const span of cell.querySelectorAll('.corner span')) {
                 boxes.push(['corner', cell.dataset.cell, c, span.getBoundingClientRect()]);
               }
             }
             const bad = [];
             for (const [kind, at, c, r] of boxes) {
               const edge = (r.left - c.left) / c.width < 0.125 || (c.right - r.right) / c.width < 0.125
                 || (r.top - c.top) / c.height < 0.125 || (c.bottom - r.bottom) / c.height < 0.125;
               const sum = sums.some(s => s.left < r.right && r.left < s.right && s.top < r.bottom && r.top < s.bottom);
               if (edge || sum) bad.push(`${kind} mark in cell ${at}: ${edge ? 'on the outline' : 'on the sum'}`);
             }
             return [boxes.length, bad]")
        .await
}

/// Guards #43 (the player review's eleventh problem): a killer's pencil marks ran into the
/// dashed cage outlines and the sums, at 1280x800 and on a phone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killer_marks_clear_the_dashed_cage_lines_and_sums() {
    for (width, height) in [(1280, 800), (390, 844)] {
        let browser = Browser::start(width, height).await;
        browser.open("").await;
        killer_mid_game(&browser).await;
        // Every candidate in the empty cells, and corner marks in two cells by a sum.
        browser.keys("m").await;
        drag(&browser, 3, &[12]).await;
        browser.keys("x1234z").await;
        let found = killer_marks_clear_the_cage_lines(&browser).await;
        assert!(found[0].as_u64().unwrap() > 60, "{found}");
        assert_eq!(found[1], json!([]), "at {width}x{height}");
        browser
            .screenshot(&format!("play-killer-marks-{width}.png"))
            .await;
        browser.close().await;
    }
}

/// For each cell of `cells`: whether any of its corner marks overlaps the cell's clue (the
/// ink of its glyphs) or another of its marks, and the smallest mark's size in px.
async fn corner_marks_apart(browser: &Browser, cells: &[usize]) -> Vec<(bool, bool, f64)> {
    let found = browser
        .js(&format!(
            // A mark's box is 1 em square (line-height 1), its digit's ink inside it: a
            // pixel of two boxes overlapping is not a collision.
            "const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
                                 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
             const glyphs = (s) => s.getBoundingClientRect();
             return {cells:?}.map(i => {{
               const cell = document.querySelectorAll('#board .cell')[i];
               const r = cell.getBoundingClientRect();
               const clue = [...document.querySelectorAll('#board .label')].map(l => l.getBoundingClientRect())
                 .find(l => l.left >= r.left - 1 && l.left < r.right && l.top >= r.top - 1 && l.top < r.bottom);
               const marks = [...cell.querySelectorAll('.corner span')].map(glyphs);
               const onClue = !!clue && marks.some(m => hit(m, clue));
               const onEach = marks.some((m, k) => marks.slice(k + 1).some(o => hit(m, o)));
               const size = Math.min(...[...cell.querySelectorAll('.corner span')].map(s => parseFloat(getComputedStyle(s).fontSize)));
               return [onClue, onEach, size];
             }})"
        ))
        .await;
    serde_json::from_value(found).unwrap()
}

/// Guards the player review's crowded clue cell: on a phone, five corner marks in a cell with
/// a cage's clue ran into the clue (a KenKen's 504×) and into each other ("35" at the
/// bottom). The marks now take SudokuPad's places, the clue's left out: none touches the
/// clue or another mark, at 11 px or more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_corner_marks_keep_clear_of_the_clue_and_each_other() {
    let browser = Browser::start(390, 844).await;
    browser.open("").await;
    // Keen's first 9x9 extreme: 96× at r1c1, 48× at r2c2, 504× at r4c3.
    let text = include_str!("../../../corpora/keen/keen_9dx.kk");
    let first = text.split("\n\n").next().unwrap();
    browser.open(&link(first)).await;
    browser
        .wait_until("document.querySelectorAll('#board .cell').length === 81")
        .await;
    let clue_cells = [0, 10, 29];
    for cell in clue_cells {
        type_at(&browser, cell, "x12345z").await;
    }
    // And a cell without a clue, full.
    type_at(&browser, 40, "x12345678z").await;
    for (cell, (on_clue, on_each, size)) in clue_cells
        .iter()
        .chain([&40])
        .zip(corner_marks_apart(&browser, &[0, 10, 29, 40]).await)
    {
        assert!(!on_clue, "a corner mark of cell {cell} is on its clue");
        assert!(!on_each, "corner marks of cell {cell} run into each other");
        assert!(size >= 11.0, "a corner mark of cell {cell} is {size} px");
    }
    browser
        .screenshot("play-kenken-corner-marks-phone.png")
        .await;
    // A killer's sums, in their dashed outlines.
    example(&browser, "killer", "9x9 Killer").await;
    let sums: Vec<usize> = serde_json::from_value(
        browser
            .js("const r = (e) => e.getBoundingClientRect();
                 const cells = [...document.querySelectorAll('#board .cell')];
                 const labels = [...document.querySelectorAll('#board .label')].map(r);
                 return cells.map((c, i) => [i, r(c)]).filter(([, b]) => labels.some(l =>
                   l.left >= b.left - 1 && l.left < b.right && l.top >= b.top - 1 && l.top < b.bottom)).map(([i]) => i).slice(0, 4)")
            .await,
    )
    .unwrap();
    assert_eq!(sums.len(), 4);
    for &cell in &sums {
        type_at(&browser, cell, "x12345z").await;
    }
    for (cell, (on_clue, on_each, size)) in
        sums.iter().zip(corner_marks_apart(&browser, &sums).await)
    {
        assert!(!on_clue, "a corner mark of cell {cell} is on its sum");
        assert!(!on_each, "corner marks of cell {cell} run into each other");
        assert!(size >= 11.0, "a corner mark of cell {cell} is {size} px");
    }
    browser
        .screenshot("play-killer-corner-marks-phone.png")
        .await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_a_phone_the_pad_is_one_row_and_marks_are_readable() {
    let browser = Browser::start(390, 844).await;
    browser.open("").await;
    killer_mid_game(&browser).await;
    browser.keys("m").await;
    // The pad: nine digits in one row.
    let tops = browser
        .js("return [...document.querySelectorAll('#pad button')].map(b => Math.round(b.getBoundingClientRect().top))")
        .await;
    let tops: Vec<i64> = serde_json::from_value(tops).unwrap();
    assert_eq!(tops.len(), 9);
    assert!(tops.iter().all(|&t| t == tops[0]), "{tops:?}");
    // Pencil marks at least 11 px, below the cage label, inside the cage's dashed outline (a
    // tenth of the cell in from each side).
    let notes = browser
        .js("return [...document.querySelectorAll('.cell')].filter(c => c.querySelector('.notes').textContent).map(c => {
               const n = c.querySelector('.notes'); const r = c.getBoundingClientRect();
               const k = document.createRange(); k.selectNodeContents(n); const t = k.getBoundingClientRect();
               return [parseFloat(getComputedStyle(n).fontSize), (t.top - r.top) / r.height,
                       t.bottom <= r.bottom - 0.1 * r.height && t.left >= r.left + 0.1 * r.width
                         && t.right <= r.right - 0.1 * r.width];
             })")
        .await;
    let notes: Vec<(f64, f64, bool)> = serde_json::from_value(notes).unwrap();
    assert!(notes.len() > 20);
    for (size, top, inside) in &notes {
        assert!(*size >= 11.0, "a pencil mark is {size} px");
        assert!(
            *top >= 0.28,
            "marks start {top} of the cell down, over the label"
        );
        assert!(*inside, "marks cross the cage outline: {notes:?}");
    }
    let corner = browser
        .js("return [...document.querySelectorAll('.corner span')].map(s => {
               const r = s.closest('.cell').getBoundingClientRect(); const t = s.getBoundingClientRect();
               return [parseFloat(getComputedStyle(s).fontSize),
                       t.top >= r.top + 0.1 * r.height && t.bottom <= r.bottom - 0.1 * r.height
                         && t.left >= r.left + 0.1 * r.width && t.right <= r.right - 0.1 * r.width];
             })")
        .await;
    let corner: Vec<(f64, bool)> = serde_json::from_value(corner).unwrap();
    assert_eq!(corner.len(), 4);
    for (size, inside) in &corner {
        assert!(*size >= 11.0, "a corner mark is {size} px");
        assert!(*inside, "corner marks cross the cage outline: {corner:?}");
    }
    assert_eq!(
        browser
            .js("return document.documentElement.scrollWidth <= 390")
            .await,
        json!(true)
    );
    browser.keys(&format!("{CONTROL}z{NULL}")).await;
    browser.screenshot("web-phone.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dark_mode_follows_the_system() {
    let browser = Browser::start_with(
        1280,
        800,
        cagey_web::Config::default(),
        &["--force-dark-mode"],
    )
    .await;
    browser.open("").await;
    killer_mid_game(&browser).await;
    let look = browser
        .js("const dark = matchMedia('(prefers-color-scheme: dark)').matches;
             const bg = getComputedStyle(document.documentElement).backgroundColor;
             const board = getComputedStyle(document.querySelector('.board')).backgroundColor;
             const filter = getComputedStyle(document.querySelector('.picture svg')).filter;
             const digit = getComputedStyle(document.querySelector('.cell[data-cell=\"0\"] .digit')).color;
             return [dark, bg, board, filter, digit]")
        .await;
    assert_eq!(look[0], json!(true), "{look}");
    // Dark page and board, the picture inverted, the digits light.
    let rgb = |value: &Value| -> Vec<f64> {
        value
            .as_str()
            .unwrap()
            .trim_start_matches("rgba(")
            .trim_start_matches("rgb(")
            .trim_end_matches(')')
            .split(',')
            .map(|x| x.trim().parse().unwrap())
            .collect()
    };
    let light = |c: &[f64]| (c[0] + c[1] + c[2]) / 3.0;
    assert!(light(&rgb(&look[1])) < 60.0, "{look}");
    assert!(light(&rgb(&look[2])) < 60.0, "{look}");
    assert!(look[3].as_str().unwrap().contains("invert"), "{look}");
    assert!(light(&rgb(&look[4])) > 150.0, "{look}");
    browser.screenshot("web-dark.png").await;
    // The explanation's board and the editor's grid are dark too (player review 11).
    browser.click("#explain summary").await;
    browser.click("#explain-button").await;
    browser
        .wait_until("document.querySelectorAll('#explain-steps li').length > 0")
        .await;
    browser
        .js("document.querySelector('#explain-board').scrollIntoView(); return null")
        .await;
    browser.screenshot("web-dark-explain.png").await;
    browser.click("#editor summary").await;
    let filters = browser
        .js("return ['.viewer', '.editor-grid'].map(s => getComputedStyle(document.querySelector(s)).filter)")
        .await;
    for filter in filters.as_array().unwrap() {
        assert!(filter.as_str().unwrap().contains("invert"), "{filters}");
    }
    browser.close().await;
}

/// Guards #43 (the player review's second problem): on grids past 9x9, centre marks ran
/// together ({3, 10} showed as "310") and spilled over the clues and the neighbours.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn marks_on_a_12x12_are_spaced_and_stay_in_their_cell() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    open_text(&browser, &generated(12), "12x12").await;
    // Centre mode, then 3; a pause longer than the two-digit wait; then 1 and 0 make 10.
    type_at(&browser, 13, "c3").await;
    tokio::time::sleep(std::time::Duration::from_millis(1200)).await;
    browser.keys("10").await;
    assert_eq!(marks(&browser, 13, ".notes").await, "3 10");
    // Every mark stays inside its cell, in the cells filled with all twelve too.
    browser.keys("m").await;
    let spills = browser
        .js("return [...document.querySelectorAll('.cell .notes')].filter(n => n.scrollHeight > n.clientHeight + 1 && getComputedStyle(n).overflow !== 'hidden').length")
        .await;
    assert_eq!(spills, json!(0));
    let twelve = browser
        .js("return [...document.querySelectorAll('.cell .notes')].filter(n => n.textContent.split(' ').length === 12).length")
        .await;
    assert!(twelve.as_u64().unwrap() > 0, "no cell has all twelve marks");
    browser.screenshot("play-12x12-marks.png").await;
    browser.close().await;
}

/// The kk text of a generated `size` x `size` KenKen (seed 5).
fn generated(size: usize) -> String {
    let settings = cagey::generate::Request {
        size: Some(size),
        difficulty: Some(cagey::generate::Target::Any),
        seed: Some(5),
        ..Default::default()
    }
    .settings()
    .unwrap();
    let made = cagey::generate::generate(&settings, &mut cagey::generate::rng_for(5, 0)).unwrap();
    cagey::formats::kk::write(&made.puzzle)
}

/// The side of cell `index` on screen, in CSS px.
async fn cell_side(browser: &Browser, index: usize) -> f64 {
    browser
        .js(&format!(
            "return document.querySelector('.cell[data-cell=\"{index}\"]').getBoundingClientRect().width"
        ))
        .await
        .as_f64()
        .unwrap()
}

/// Whether cell `index` is wholly inside the board's frame as it is scrolled.
async fn in_frame(browser: &Browser, index: usize) -> bool {
    browser
        .js(&format!(
            "const f = document.querySelector('#board-frame').getBoundingClientRect();
             const c = document.querySelector('.cell[data-cell=\"{index}\"]').getBoundingClientRect();
             return c.left >= f.left && c.top >= f.top && c.right <= f.right && c.bottom <= f.bottom"
        ))
        .await
        == json!(true)
}

/// Touches cell `index` with a finger and lifts it (a tap), or lets the browser take the
/// touch for a pan (`cancel`), as pointer events.
async fn touch(browser: &Browser, index: usize, cancel: bool) {
    browser
        .js(&format!(
            "const cell = document.querySelector('.cell[data-cell=\"{index}\"]');
             const r = cell.getBoundingClientRect();
             const at = {{ clientX: r.x + r.width / 2, clientY: r.y + r.height / 2, bubbles: true,
                          pointerId: 7, pointerType: 'touch', isPrimary: true }};
             cell.dispatchEvent(new PointerEvent('pointerdown', {{ ...at, buttons: 1 }}));
             cell.dispatchEvent(new PointerEvent({:?}, at));
             return null",
            if cancel { "pointercancel" } else { "pointerup" }
        ))
        .await;
}

/// Guards #43 (the player review's second problem, its last part): on a phone a 16x16's
/// cells were 23 px and its clues 4 px tall. Zoom (offered when cells are under 36 px)
/// makes them 44 px in a frame that scrolls: the clues readable and apart, the cursor kept
/// in view as it moves, a tap selecting and the keys typing into the selected cell.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_16x16_on_a_phone_zooms_to_cells_a_finger_can_tap() {
    let browser = Browser::start(390, 844).await;
    browser.open("").await;
    // A 9x9 on a phone needs no zoom.
    example(&browser, "killer", "9x9 Killer").await;
    assert_eq!(
        browser
            .js("return document.querySelector('#zoom').hidden")
            .await,
        json!(true)
    );
    open_text(&browser, &generated(16), "16x16").await;
    let small = cell_side(&browser, 0).await;
    assert!(small < 30.0, "a 16x16's cell is {small} px on a phone");
    browser.screenshot("play-16x16-phone.png").await;

    browser.click("#zoom").await;
    assert_eq!(
        attribute_of(&browser, "#zoom", "aria-pressed").await,
        "true"
    );
    let side = cell_side(&browser, 0).await;
    assert!(side >= 44.0, "a zoomed cell is {side} px");
    // The frame keeps the page's width: nothing scrolls sideways but the board in it.
    let widths = browser
        .js("return [document.documentElement.scrollWidth, document.querySelector('#board-frame').getBoundingClientRect().right]")
        .await;
    assert!(
        widths[0].as_f64().unwrap() <= 390.0 && widths[1].as_f64().unwrap() <= 390.0,
        "{widths}"
    );
    // Every clue inside its cell's top-left corner, none overlapping another, and most as
    // tall as small print (a long one, like 16640×, is narrowed to fit its cell).
    let clues = browser
        .js(
            "return [...document.querySelectorAll('#board .picture .label')].map(l => {
               const r = l.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];
             })",
        )
        .await;
    let clues: Vec<[f64; 4]> = serde_json::from_value(clues).unwrap();
    assert!(clues.len() > 50, "{} clues", clues.len());
    for (k, a) in clues.iter().enumerate() {
        for b in &clues[k + 1..] {
            let apart = a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1];
            assert!(apart, "clues overlap: {a:?} and {b:?}");
        }
        assert!(a[2] - a[0] < side, "a clue wider than its cell: {a:?}");
    }
    let mut heights: Vec<f64> = clues.iter().map(|c| c[3] - c[1]).collect();
    heights.sort_by(f64::total_cmp);
    let median = heights[heights.len() / 2];
    assert!(median >= 7.0, "clues are {median} px tall");
    browser.screenshot("play-16x16-phone-zoomed.png").await;

    // Arrows move the cursor out of the first view; the frame follows, and digits go to it.
    browser
        .keys(&format!(
            "{}{}",
            RIGHT.to_string().repeat(12),
            DOWN.to_string().repeat(12)
        ))
        .await;
    let cursor = 12 * 16 + 12;
    assert!(has_class(&browser, cursor, "cursor").await);
    assert!(
        in_frame(&browser, cursor).await,
        "the cursor left the frame"
    );
    browser.keys("7").await;
    assert_eq!(browser.digits().await[cursor], 7);
    // A tap selects; a touch the browser takes for a pan does not.
    touch(&browser, cursor - 1, false).await;
    assert!(has_class(&browser, cursor - 1, "cursor").await);
    browser.keys("5").await;
    assert_eq!(browser.digits().await[cursor - 1], 5);
    touch(&browser, cursor - 16, true).await;
    assert!(
        has_class(&browser, cursor - 1, "cursor").await,
        "a pan selected a cell"
    );
    browser.screenshot("play-16x16-phone-typed.png").await;

    // Zoom off: the whole board again.
    browser.click("#zoom").await;
    assert!(cell_side(&browser, 0).await < 30.0);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_with_progress_carries_corner_marks_too() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    type_at(&browser, 0, "1").await;
    type_at(&browser, 1, &format!("{SHIFT}2{NULL}{SHIFT}3{NULL}")).await;
    type_at(&browser, 2, &format!("{CONTROL}4{NULL}")).await;
    assert_eq!(marks(&browser, 1, ".corner").await, "23");
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
    assert!(link.ends_with("&c=r1c2:23"), "{link}");

    // A new visitor opens it: digits, centre and corner marks as they were.
    browser.open("").await;
    assert_eq!(marks(&browser, 1, ".corner").await, "");
    let fragment = &link[link.find('#').unwrap()..];
    browser
        .client
        .goto(&browser.server.url(fragment))
        .await
        .unwrap();
    browser
        .wait_until("document.querySelector('.cell[data-cell=\"1\"] .corner').textContent === '23'")
        .await;
    assert_eq!(browser.digits().await[0], 1);
    assert_eq!(marks(&browser, 2, ".notes").await, "4");
    browser.close().await;
}

/// Solves kk0 as a player does and checks that the finish banner is in the window, and off
/// the board: the solved grid stays in view.
async fn the_finish_banner_leaves_the_board_in_view(width: u32, height: u32) {
    let browser = Browser::start(width, height).await;
    browser.open("").await;
    for (index, digit) in KK0_SOLUTION.iter().enumerate() {
        type_at(&browser, index, &digit.to_string()).await;
    }
    browser
        .wait_until("document.querySelector('#status').textContent.startsWith('Solved in')")
        .await;
    assert!(browser.text(".banner").await.starts_with("Solved in"));
    let boxes = browser
        .js(
            "const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
               return [r.left, r.top, r.right, r.bottom]; };
             return [box('#board'), box('.banner'), [innerWidth, innerHeight]]",
        )
        .await;
    let (board, banner, window): ([f64; 4], [f64; 4], [f64; 2]) =
        serde_json::from_value(boxes).unwrap();
    let [left, top, right, bottom] = banner;
    assert!(right > left && bottom > top, "the banner shows: {banner:?}");
    let apart = right <= board[0] || left >= board[2] || bottom <= board[1] || top >= board[3];
    assert!(apart, "the banner {banner:?} covers the board {board:?}");
    assert!(
        left >= 0.0 && top >= 0.0 && right <= window[0] && bottom <= window[1],
        "the banner {banner:?} is outside the {window:?} window"
    );
    browser
        .screenshot(&format!("play-finish-{width}x{height}.png"))
        .await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_finish_banner_leaves_the_board_in_view_at_1280x800() {
    the_finish_banner_leaves_the_board_in_view(1280, 800).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_finish_banner_leaves_the_board_in_view_on_a_phone() {
    the_finish_banner_leaves_the_board_in_view(390, 844).await;
}
