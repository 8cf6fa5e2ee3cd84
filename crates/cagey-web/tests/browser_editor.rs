//! The puzzle editor ("Make a puzzle") in a real browser: cages made by dragging with the
//! mouse and by keys alone, the checks and the live count of solutions, then the puzzle
//! played, shared and exported (the harness is `common/browser.rs`).

mod common;

use std::time::Duration;

use common::browser::{link, Browser, CONTROL, NULL, RIGHT};
use fantoccini::actions::{
    Actions, InputSource, KeyAction, KeyActions, MouseActions, PointerAction, MOUSE_BUTTON_LEFT,
};
use fantoccini::Locator;

const ENTER: char = '\u{e007}';
const SHIFT: char = '\u{e008}';
const DELETE: char = '\u{e017}';

/// kk0 (`common::KK0`) as the editor takes it: each cage's cells in an order a hand can
/// drag through, and its clue as a person types it.
const KK0_CAGES: [(&[usize], &str); 7] = [
    (&[0], "1"),
    (&[1, 2, 6, 5], "11+"),
    (&[3, 7], "4+"),
    (&[4, 8, 9], "8x"),
    (&[10, 11], "1-"),
    (&[12, 13], "7+"),
    (&[14, 15], "2/"),
];

async fn editor_cell(browser: &Browser, index: usize) -> fantoccini::elements::Element {
    browser
        .client
        .find(Locator::Css(&format!(
            "#editor-grid .ecell[data-cell=\"{index}\"]"
        )))
        .await
        .unwrap()
}

/// Presses the mouse on the first cell, moves it through the others and lets go.
async fn drag(browser: &Browser, cells: &[usize]) {
    let mut mouse = MouseActions::new("mouse".to_string());
    for (i, &cell) in cells.iter().enumerate() {
        mouse = mouse.then(PointerAction::MoveToElement {
            element: editor_cell(browser, cell).await,
            duration: Some(Duration::from_millis(20)),
            x: 0.0,
            y: 0.0,
        });
        if i == 0 {
            mouse = mouse.then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            });
        }
    }
    mouse = mouse.then(PointerAction::Up {
        button: MOUSE_BUTTON_LEFT,
    });
    browser.client.perform_actions(mouse).await.unwrap();
}

/// Drags across `cells`, then types `clue` and Enter in the clue box the drag focused.
async fn make_cage(browser: &Browser, cells: &[usize], clue: &str) {
    drag(browser, cells).await;
    browser
        .wait_until("document.activeElement.id === 'editor-clue'")
        .await;
    browser.keys(&format!("{clue}{ENTER}")).await;
}

/// Opens the page, then the editor, and sets its size.
async fn open_editor(browser: &Browser, size: usize) {
    browser.open("").await;
    browser.click("#editor summary").await;
    browser
        .wait_until("document.querySelectorAll('#editor-grid .ecell').length > 0")
        .await;
    browser
        .js(&format!(
            "const s = document.getElementById('editor-size'); s.value = '{size}'; \
             s.dispatchEvent(new Event('change')); return null"
        ))
        .await;
    // Pointer actions do not scroll: the whole grid must be on the screen.
    browser
        .js("document.getElementById('editor-grid').scrollIntoView({ block: 'center' }); return null")
        .await;
    assert_eq!(
        browser
            .js("return document.querySelectorAll('#editor-grid .ecell').length")
            .await,
        size * size
    );
}

/// Chooses the editor's kind, as picking it from the list does.
async fn choose_kind(browser: &Browser, kind: &str) {
    browser
        .js(&format!(
            "const k = document.getElementById('editor-kind'); k.value = {kind:?}; \
             k.dispatchEvent(new Event('change')); return null"
        ))
        .await;
}

async fn cells_with(browser: &Browser, class: &str) -> Vec<usize> {
    let value = browser
        .js(&format!(
            "return [...document.querySelectorAll('#editor-grid .ecell.{class}')].map(c => Number(c.dataset.cell))"
        ))
        .await;
    serde_json::from_value(value).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn makes_kk0_by_dragging_then_plays_shares_and_exports_it() {
    let browser = Browser::start(1280, 800).await;
    // Another puzzle on the board first, so that Play is seen to replace it.
    let other = "3+,0 1\n3,2\n5+,3 6\n4+,4 5\n3+,7 8\n";
    browser.open(&link(other)).await;
    assert_eq!(browser.text("#summary").await, "3x3 KenKen, 5 cages");
    browser.click("#editor summary").await;
    browser
        .wait_until("document.querySelectorAll('#editor-grid .ecell').length > 0")
        .await;
    browser
        .js("document.getElementById('editor').scrollIntoView(); return null")
        .await;
    assert_eq!(
        browser
            .js("return document.getElementById('editor-size').value")
            .await,
        "4",
        "a first draft is a 4x4 KenKen"
    );

    for (i, (cells, clue)) in KK0_CAGES.iter().enumerate() {
        if i == 4 {
            // Mid-edit: four cages made, the fifth dragged and its clue not yet typed.
            drag(&browser, cells).await;
            browser
                .wait_until("document.activeElement.id === 'editor-clue'")
                .await;
            assert_eq!(cells_with(&browser, "picked").await, vec![10, 11]);
            assert!(browser
                .text("#editor-checks")
                .await
                .contains("6 cells are in no cage"));
            browser.screenshot("web-editor.png").await;
            browser.keys(&format!("{clue}{ENTER}")).await;
        } else {
            make_cage(&browser, cells, clue).await;
        }
    }
    assert_eq!(
        browser
            .text("#editor-grid .ecell[data-cell=\"1\"] .eclue")
            .await,
        "11+"
    );
    assert_eq!(
        browser
            .text("#editor-grid .ecell[data-cell=\"4\"] .eclue")
            .await,
        "8×"
    );
    assert_eq!(
        browser
            .text("#editor-grid .ecell[data-cell=\"14\"] .eclue")
            .await,
        "2÷"
    );
    assert!(cells_with(&browser, "left-out").await.is_empty());
    browser
        .wait_until("document.getElementById('editor-solutions').dataset.outcome === 'unique'")
        .await;
    assert_eq!(
        browser.text("#editor-solutions").await,
        "Exactly one solution: ready to play."
    );

    // Export as kk, and a link that opens the same puzzle.
    browser.click("#editor-export").await;
    browser
        .wait_until("document.getElementById('editor-export-text').value.includes('11+,1 2 5 6')")
        .await;
    browser.click("#editor-share").await;
    browser
        .wait_until("document.getElementById('editor-link').value.includes('#p=4%3A')")
        .await;

    // Play: the board shows the puzzle made, and takes digits.
    browser.click("#editor-play").await;
    browser
        .wait_until("document.getElementById('summary').textContent === '4x4 KenKen, 7 cages'")
        .await;
    let label = browser
        .js("return document.querySelector('#board .cell[data-cell=\"5\"]').getAttribute('aria-label')")
        .await;
    assert!(label.as_str().unwrap().contains("cage 11+"), "{label}");
    browser.cell(1).await.click().await.unwrap();
    browser.keys("2").await;
    assert_eq!(browser.digits().await[1], 2);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reports_cells_left_out_an_impossible_clue_and_where_two_solutions_differ() {
    let browser = Browser::start(1280, 800).await;
    open_editor(&browser, 3).await;
    // The top row given as 1 2 3: the two rows below can then be 2 3 1 / 3 1 2 or the other
    // way round, and nothing else.
    for (cell, digit) in [(0, "1"), (1, "2"), (2, "3")] {
        make_cage(&browser, &[cell], digit).await;
    }
    assert_eq!(
        cells_with(&browser, "left-out").await,
        vec![3, 4, 5, 6, 7, 8]
    );
    assert!(browser
        .text("#editor-checks")
        .await
        .contains("6 cells are in no cage (hatched)."));
    assert_eq!(
        browser.text("#editor-solutions").await,
        "Solutions are counted once every cell is in a cage."
    );

    // A clue no digits can make: the cage is striped and the list says why.
    make_cage(&browser, &[3, 4, 5, 8, 7, 6], "100+").await;
    assert_eq!(cells_with(&browser, "bad").await, vec![3, 4, 5, 6, 7, 8]);
    assert!(browser
        .text("#editor-checks")
        .await
        .contains("Cage r2c1 (100+): no digits from 1 to 3 in its 6 cells make 100+."));
    assert_eq!(
        browser
            .js("return document.getElementById('editor-solutions').dataset.outcome")
            .await,
        "incomplete"
    );

    // A click on the cage selects it; its clue changed, the puzzle has two solutions.
    drag(&browser, &[4]).await;
    browser
        .wait_until("document.getElementById('editor-clue').value === '100+'")
        .await;
    assert_eq!(cells_with(&browser, "picked").await, vec![3, 4, 5, 6, 7, 8]);
    browser.keys(&format!("12+{ENTER}")).await;
    browser
        .wait_until("document.getElementById('editor-solutions').dataset.outcome === 'several'")
        .await;
    assert_eq!(
        browser.text("#editor-solutions").await,
        "More than one solution: they differ in the marked cells."
    );
    assert_eq!(
        cells_with(&browser, "differs").await,
        vec![3, 4, 5, 6, 7, 8]
    );
    browser.screenshot("web-editor-several.png").await;
    assert!(cells_with(&browser, "bad").await.is_empty());

    // A change to the grid takes the marks away until the new count comes.
    browser.js("window.confirm = () => true; return null").await;
    browser.click("#editor-clear").await;
    assert!(cells_with(&browser, "differs").await.is_empty());
    assert_eq!(cells_with(&browser, "left-out").await.len(), 9);

    // Two 1s in the top row: each clue can be made, the puzzle cannot.
    make_cage(&browser, &[0], "1").await;
    make_cage(&browser, &[1], "1").await;
    make_cage(&browser, &[2, 5, 4, 3, 6, 7, 8], "14+").await;
    browser
        .wait_until("document.getElementById('editor-solutions').dataset.outcome === 'none'")
        .await;
    assert_eq!(browser.text("#editor-solutions").await, "No solution.");
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn makes_deletes_and_undoes_cages_with_keys_alone() {
    let browser = Browser::start(1280, 800).await;
    open_editor(&browser, 4).await;
    browser
        .js("document.querySelector('#editor-grid .ecell[tabindex=\"0\"]').focus(); return null")
        .await;
    // Space picks r1c1, Shift+Right adds r1c2, Enter goes to the clue, Enter makes the cage
    // and comes back to the grid.
    browser.keys(&format!(" {SHIFT}{RIGHT}{NULL}{ENTER}")).await;
    assert_eq!(
        browser.js("return document.activeElement.id").await,
        "editor-clue"
    );
    browser.keys(&format!("3-{ENTER}")).await;
    assert_eq!(
        browser
            .js("return document.activeElement.dataset.cell")
            .await,
        "1",
        "the focus is back on the grid, at the cursor"
    );
    assert_eq!(
        browser
            .text("#editor-grid .ecell[data-cell=\"0\"] .eclue")
            .await,
        "3−"
    );

    // Enter on a cell in no cage selects it alone: a given.
    browser.keys(&format!("{RIGHT}{ENTER}4{ENTER}")).await;
    assert_eq!(
        browser
            .text("#editor-grid .ecell[data-cell=\"2\"] .eclue")
            .await,
        "4"
    );
    assert_eq!(cells_with(&browser, "left-out").await.len(), 13);

    // Delete removes the cage under the cursor.
    browser.keys(&format!("{DELETE}")).await;
    assert_eq!(
        browser
            .text("#editor-grid .ecell[data-cell=\"2\"] .eclue")
            .await,
        ""
    );
    assert_eq!(cells_with(&browser, "left-out").await.len(), 14);
    assert!(browser.text("#editor-message").await.contains("deleted"));

    // Ctrl+Z brings it back.
    browser.keys(&format!("{CONTROL}z{NULL}")).await;
    assert_eq!(
        browser
            .text("#editor-grid .ecell[data-cell=\"2\"] .eclue")
            .await,
        "4"
    );
    assert_eq!(cells_with(&browser, "left-out").await.len(), 13);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_editor_fits_a_phone() {
    let browser = Browser::start(390, 844).await;
    open_editor(&browser, 9).await;
    // A drag by touch, as a phone sends it.
    make_cage(&browser, &[0, 1, 10], "6+").await;
    assert_eq!(cells_with(&browser, "left-out").await.len(), 78);
    assert_eq!(
        browser
            .text("#editor-grid .ecell[data-cell=\"0\"] .eclue")
            .await,
        "6+"
    );
    let right = browser
        .js("return document.getElementById('editor-grid').getBoundingClientRect().right")
        .await
        .as_f64()
        .unwrap();
    assert!(right <= 390.0, "the editing grid ends at {right} px");
    let width = browser
        .js("return document.documentElement.scrollWidth")
        .await
        .as_f64()
        .unwrap();
    assert!(
        width <= 390.0,
        "the page is {width} px wide on a 390 px screen"
    );
    browser.screenshot("web-editor-phone.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draws_a_killer_jigsaws_regions_then_its_cages() {
    let browser = Browser::start(1280, 800).await;
    open_editor(&browser, 4).await;
    choose_kind(&browser, "killer-jigsaw").await;
    // The regions start as the 2x2 boxes: a line under the top boxes, none inside them.
    assert_eq!(cells_with(&browser, "g-b").await, vec![4, 5, 6, 7]);
    browser.click("#editor-regions").await;
    assert!(
        browser
            .js("return document.getElementById('editor-clue-part').hidden")
            .await
            == true
    );

    // The top row as one region leaves the old top boxes two cells short.
    drag(&browser, &[0, 1, 2, 3]).await;
    browser
        .wait_until("document.activeElement.id === 'editor-make'")
        .await;
    browser.keys(&format!("{ENTER}")).await;
    assert!(browser
        .text("#editor-checks")
        .await
        .contains("Region r2c1 has 2 cells; each region has 4."));
    assert_eq!(cells_with(&browser, "bad").await, vec![4, 5, 6, 7]);
    drag(&browser, &[4, 5, 6, 7]).await;
    browser
        .wait_until("document.activeElement.id === 'editor-make'")
        .await;
    browser.keys(&format!("{ENTER}")).await;
    assert!(cells_with(&browser, "bad").await.is_empty());
    assert_eq!(
        cells_with(&browser, "g-b").await,
        (0..8).collect::<Vec<_>>()
    );

    // Back to cages: a bare number is a sum, and a killer cage never repeats a digit.
    browser.click("#editor-regions").await;
    make_cage(&browser, &[0, 4], "2").await;
    assert!(browser
        .text("#editor-checks")
        .await
        .contains("2 different digits from 1 to 4 add up to 3 to 7, not 2."));
    browser.screenshot("web-editor-jigsaw.png").await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_draft_survives_a_reload() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    // `open` keeps the first page from saving; a reload brings the storage back.
    browser.client.refresh().await.unwrap();
    browser.wait_ready().await;
    browser.click("#editor summary").await;
    browser
        .wait_until("document.querySelectorAll('#editor-grid .ecell').length > 0")
        .await;
    browser
        .js("document.getElementById('editor').scrollIntoView(); return null")
        .await;
    make_cage(&browser, &[0, 1], "3-").await;
    browser.client.refresh().await.unwrap();
    browser.wait_ready().await;
    browser.click("#editor summary").await;
    browser
        .wait_until("document.querySelector('#editor-grid .ecell[data-cell=\"0\"] .eclue')?.textContent === '3−'")
        .await;
    assert_eq!(cells_with(&browser, "left-out").await.len(), 14);
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn counts_solutions_once_per_pause_and_drops_a_count_made_stale() {
    let browser = Browser::start(1280, 800).await;
    browser.open("").await;
    // kk0 as a saved draft, and a server that takes 800 ms to answer each count.
    browser
        .js(
            r#"localStorage['cagey:draft'] = JSON.stringify({ size: 4, kind: 'kenken', cages: [
                 { cells: [0], op: '=', target: 1 }, { cells: [1, 2, 5, 6], op: '+', target: 11 },
                 { cells: [3, 7], op: '+', target: 4 }, { cells: [4, 8, 9], op: '*', target: 8 },
                 { cells: [10, 11], op: '-', target: 1 }, { cells: [12, 13], op: '+', target: 7 },
                 { cells: [14, 15], op: '/', target: 2 }] });
               window.counts = [];
               const real = window.fetch;
               window.fetch = (url, init) => {
                 if (!String(url).endsWith('/api/solve')) return real(url, init);
                 window.counts.push(init.signal);
                 return new Promise((done) => setTimeout(done, 800)).then(() => real(url, init));
               };
               return null"#,
        )
        .await;
    browser.click("#editor summary").await;
    browser
        .wait_until("document.getElementById('editor-solutions').dataset.outcome === 'unique'")
        .await;
    assert_eq!(browser.js("return window.counts.length").await, 1);

    // Two changes at once: one count, 300 ms after the last.
    browser
        .js("const m = document.getElementById('editor-multi'); m.click(); m.click(); return null")
        .await;
    browser.wait_until("window.counts.length === 2").await;
    // A change while that count runs: it is aborted, and only the newest is shown.
    browser
        .js("document.getElementById('editor-multi').click(); return null")
        .await;
    browser
        .wait_until("window.counts.length === 3 && window.counts[1].aborted")
        .await;
    browser
        .wait_until("document.getElementById('editor-solutions').dataset.outcome === 'unique'")
        .await;
    assert_eq!(browser.js("return window.counts.length").await, 3);
    assert_eq!(browser.js("return window.counts[2].aborted").await, false);
    browser.close().await;
}

/// Clicks editor cell `cell` with `modifier` (Ctrl or Shift) held, if any.
async fn click_with(browser: &Browser, modifier: Option<char>, cell: usize) {
    let mut mouse = MouseActions::new("mouse".to_string());
    let mut keys = KeyActions::new("keys".to_string());
    let tick = KeyAction::Pause {
        duration: Duration::ZERO,
    };
    keys = keys.then(match modifier {
        Some(value) => KeyAction::Down { value },
        None => tick.clone(),
    });
    mouse = mouse.then(PointerAction::Pause {
        duration: Duration::ZERO,
    });
    for action in [
        PointerAction::MoveToElement {
            element: editor_cell(browser, cell).await,
            duration: None,
            x: 0.0,
            y: 0.0,
        },
        PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        },
        PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        },
    ] {
        mouse = mouse.then(action);
        keys = keys.then(tick.clone());
    }
    if let Some(value) = modifier {
        keys = keys.then(KeyAction::Up { value });
    }
    browser
        .client
        .perform_actions(Actions::from(keys).and(mouse))
        .await
        .unwrap();
}

/// Guards #43 (the player review's ninth problem): Ctrl- and Shift-click add a cell to the
/// editor's selection, as they do on the play board, even a cell of a cage already made.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ctrl_and_shift_click_add_to_the_selection() {
    let browser = Browser::start(1280, 800).await;
    open_editor(&browser, 4).await;
    make_cage(&browser, &[14, 15], "3+").await;
    click_with(&browser, None, 0).await;
    click_with(&browser, Some(CONTROL), 1).await;
    click_with(&browser, Some(SHIFT), 5).await;
    click_with(&browser, Some(CONTROL), 15).await;
    assert_eq!(cells_with(&browser, "picked").await, vec![0, 1, 5, 15]);
    // A plain click starts again; a plain click on a cage selects the cage.
    click_with(&browser, None, 3).await;
    assert_eq!(cells_with(&browser, "picked").await, vec![3]);
    click_with(&browser, None, 14).await;
    assert_eq!(cells_with(&browser, "picked").await, vec![14, 15]);
    browser.close().await;
}

/// Guards #43 (the player review's ninth problem): going back over a cell during a drag
/// took the last cell off, which cut T- and plus-shaped cages short.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dragging_back_over_a_cell_keeps_t_and_plus_shapes_whole() {
    let browser = Browser::start(1280, 800).await;
    open_editor(&browser, 5).await;
    // A T: along the top row, back to its middle, then down.
    drag(&browser, &[0, 1, 2, 1, 6]).await;
    assert_eq!(cells_with(&browser, "picked").await, vec![0, 1, 2, 6]);
    browser.keys(&format!("10+{ENTER}")).await;
    // A plus around r3c3: up, down, back to the centre, left, right.
    drag(&browser, &[7, 12, 17, 12, 11, 12, 13]).await;
    assert_eq!(
        cells_with(&browser, "picked").await,
        vec![7, 11, 12, 13, 17]
    );
    browser.keys(&format!("15+{ENTER}")).await;
    assert_eq!(
        browser
            .text("#editor-grid .ecell[data-cell=\"7\"] .eclue")
            .await,
        "15+"
    );
    assert!(!browser
        .text("#editor-message")
        .await
        .contains("do not touch"));
    browser.close().await;
}

/// Guards #43 (the player review's ninth problem): a diagonal move made a cage of two
/// cells that do not touch. A drag adds only cells that touch the selection by an edge,
/// filling in the path.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_diagonal_drag_fills_in_a_cell_that_joins_the_two() {
    let browser = Browser::start(1280, 800).await;
    open_editor(&browser, 4).await;
    // One jump, as a quick hand makes it, from r1c1 to r2c2 and on to r4c4.
    let mut mouse = MouseActions::new("mouse".to_string());
    for (i, cell) in [0, 5, 15].into_iter().enumerate() {
        mouse = mouse.then(PointerAction::MoveToElement {
            element: editor_cell(&browser, cell).await,
            duration: None,
            x: 0.0,
            y: 0.0,
        });
        if i == 0 {
            mouse = mouse.then(PointerAction::Down {
                button: MOUSE_BUTTON_LEFT,
            });
        }
    }
    mouse = mouse.then(PointerAction::Up {
        button: MOUSE_BUTTON_LEFT,
    });
    browser.client.perform_actions(mouse).await.unwrap();
    let picked = cells_with(&browser, "picked").await;
    assert_eq!(picked.len(), 7, "{picked:?}");
    for cell in [0, 5, 15] {
        assert!(picked.contains(&cell), "{picked:?}");
    }
    let connected = browser
        .js(&format!(
            "const cells = new Set({picked:?}); const seen = new Set([{first}]); const todo = [{first}];
             while (todo.length) {{
               const c = todo.pop();
               for (const d of [c - 4, c + 4, c % 4 ? c - 1 : -1, c % 4 < 3 ? c + 1 : -1]) {{
                 if (cells.has(d) && !seen.has(d)) {{ seen.add(d); todo.push(d); }}
               }}
             }}
             return seen.size === cells.size",
            first = picked[0]
        ))
        .await;
    assert_eq!(connected, true, "{picked:?} is not one piece");
    browser.keys(&format!("20+{ENTER}")).await;
    assert_eq!(
        browser
            .text("#editor-grid .ecell[data-cell=\"0\"] .eclue")
            .await,
        "20+"
    );
    browser.close().await;
}

/// Guards #43 (the player review's ninth problem): in a killer, a cage's edge drawn on a
/// box line hid the box line. The box lines stay drawn as box lines, and each cage is a
/// dashed outline inside its cells, as the printed puzzle draws it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn box_lines_stay_visible_under_killer_cages() {
    let browser = Browser::start(1280, 800).await;
    open_editor(&browser, 4).await;
    choose_kind(&browser, "killer").await;
    // A cage that ends on the box line between r1c2 and r1c3, and one across it.
    make_cage(&browser, &[0, 1], "3").await;
    make_cage(&browser, &[6, 5], "7").await;
    let look = |cell: usize, side: &str, pseudo: &str| {
        format!(
            "(() => {{ const s = getComputedStyle(document.querySelector('#editor-grid .ecell[data-cell=\"{cell}\"]'), {pseudo:?});
               return [s.border{side}Width, s.border{side}Style, s.border{side}Color].join(' '); }})()"
        )
    };
    let styles = browser
        .js(&format!(
            "return [{}, {}, {}, {}, {}]",
            look(1, "Right", ""),
            look(13, "Right", ""),
            look(5, "Right", ""),
            look(1, "Right", "::before"),
            look(9, "Right", "::before"),
        ))
        .await;
    let styles: Vec<String> = serde_json::from_value(styles).unwrap();
    // The box line looks the same where a cage ends on it, where a cage crosses it and
    // where no cage is.
    assert_eq!(styles[0], styles[1], "{styles:?}");
    assert_eq!(styles[2], styles[1], "{styles:?}");
    assert!(styles[1].contains("solid"), "{styles:?}");
    // The cage's edge is its own dashed line, and a cell in no cage has none.
    assert!(styles[3].contains("dashed"), "{styles:?}");
    assert!(styles[4].starts_with("0px"), "{styles:?}");
    browser.screenshot("web-editor-killer.png").await;
    browser.close().await;
}

/// Issue #45: the editor's switch for the diagonal rule draws both diagonals on its grid,
/// and the puzzle it exports keeps the rule.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_diagonal_switch_draws_the_diagonals_and_the_export_keeps_them() {
    let browser = Browser::start(1280, 800).await;
    open_editor(&browser, 4).await;
    choose_kind(&browser, "killer").await;
    assert_eq!(cells_with(&browser, "d-down").await, Vec::<usize>::new());
    browser.click("#editor-diagonals").await;
    assert_eq!(cells_with(&browser, "d-down").await, [0, 5, 10, 15]);
    assert_eq!(cells_with(&browser, "d-up").await, [3, 6, 9, 12]);
    // A Killer X of 4x4: 1234 / 3412 / 4321 / 2143, in pairs along the rows.
    for (cells, clue) in [
        ([0, 1], "3"),
        ([2, 3], "7"),
        ([4, 5], "7"),
        ([6, 7], "3"),
        ([8, 9], "7"),
        ([10, 11], "3"),
        ([12, 13], "3"),
        ([14, 15], "7"),
    ] {
        make_cage(&browser, &cells, clue).await;
    }
    browser.click("#editor-export").await;
    browser
        .wait_until("document.getElementById('editor-export-text').value.includes('# diagonals')")
        .await;
    browser.close().await;
}
