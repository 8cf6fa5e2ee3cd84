//! The native side of the engine benchmark (crates/cagey-wasm/bench/engine.mjs): the same
//! questions through the same JSON entry point ([`cagey_wasm::answer`]), compiled for this
//! machine instead of WebAssembly, timed the same way.
//!
//! ```console
//! $ cargo run --release -p cagey-wasm --example engine -- corpora/keen/keen_9dx.kk
//! ```

use std::time::Instant;

fn main() {
    let file = std::env::args().nth(1).expect("usage: engine FILE");
    let text = std::fs::read_to_string(&file).expect("the file reads");
    let puzzles: Vec<String> = text
        .split("\n\n")
        .map(str::trim)
        .filter(|block| !block.is_empty())
        .map(|block| serde_json::json!({ "puzzle": block }).to_string())
        .collect();
    let ask = |name: &str, body: &str| {
        cagey_wasm::answer(name, body, 0.0).expect("the engine answers");
    };
    let time = |name: &str| {
        let mut times: Vec<f64> = puzzles
            .iter()
            .map(|body| {
                let started = Instant::now();
                ask(name, body);
                started.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        times.sort_by(f64::total_cmp);
        format!(
            "median {:.3} ms, max {:.3} ms",
            times[(times.len() - 1) / 2],
            times[times.len() - 1]
        )
    };
    println!("{} puzzles of {file}", puzzles.len());
    println!("native solve+prove  {}", time("solve"));
    println!("native grade        {}", time("grade"));
    println!("native hint         {}", time("hint"));
    println!("native explain      {}", time("explain"));
    let mut times: Vec<f64> = (1..=20)
        .map(|seed| {
            let started = Instant::now();
            let body = serde_json::json!({"size": 9, "difficulty": "hard", "seed": seed});
            ask("generate", &body.to_string());
            started.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "native generate 9x9 hard median {:.1} ms, max {:.1} ms (20 seeds)",
        times[9], times[19]
    );
}
