//! The ordered, chunked, all-core batch: lines are read in chunks, answered by a [`LineJob`]
//! on a rayon pool, and delivered in input order as they complete.
//!
//! One long task per rayon worker takes the next chunk of up to 1,024 puzzle lines (one
//! buffer a chunk) from the shared reader (`Feed`, behind a mutex), then answers it into one
//! output buffer, its runs of lines being rayon tasks that idle workers share once the input
//! has ended; the calling thread delivers chunks in input order as they complete. At most
//! [`IN_FLIGHT`] chunks are in flight, each with its own set of buffers that goes round feed
//! -> worker -> delivery -> feed, so memory stays flat and is not allocated again.

use std::io;
use std::sync::{Mutex, PoisonError, mpsc};

use rayon::prelude::*;

use super::chunks::{Buffers, Feed, Lines, Reader, Span};
use super::input::{Input, InputError};
use super::status::{LineStatus, Summary};

/// The answer to each line of a batch.
pub trait LineJob: Sync {
    /// Answers line number `line` (from 1), whose text is `text` (UTF-8, its line end
    /// included; only its first [`MAX_LINE`](super::input::MAX_LINE) bytes when `cut`): appends
    /// the output to `out` and returns its status, or why it is invalid.
    fn answer(
        &self,
        line: usize,
        text: &[u8],
        cut: bool,
        out: &mut Vec<u8>,
    ) -> Result<LineStatus, String>;
}

/// A chunk of lines answered, in input order, as [`run`] delivers it.
#[derive(Debug)]
pub struct Done {
    /// The output of its lines, one after another.
    pub out: Vec<u8>,
    /// Its totals.
    pub summary: Summary,
    /// `(line, why)` of its invalid lines.
    pub errors: Vec<(usize, String)>,
    /// Input bytes read up to the end of the chunk (for progress).
    pub bytes: u64,
}

/// Why a batch stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BatchError {
    /// The input could not be read.
    #[error(transparent)]
    Read(#[from] InputError),
    /// The caller's delivery failed (a closed pipe, a full disk).
    #[error(transparent)]
    Deliver(#[from] io::Error),
}

/// Most chunks read but not yet delivered: memory stays flat however long the input.
pub const IN_FLIGHT: usize = 8;

/// Answers one chunk, in input order. Runs of lines go to idle workers too, so a chunk of a
/// few big puzzles still uses every core.
fn answer_chunk<J: LineJob>(job: &J, chunk: Lines) -> (Buffers, Done) {
    /// The answers to a run of lines.
    struct Part {
        text: Vec<u8>,
        summary: Summary,
        errors: Vec<(usize, String)>,
    }
    let Lines { mut buf, bytes } = chunk;
    // About 4 KiB of input a run: 49 lines of 9x9 puzzles, one 36x36 puzzle.
    let run = (4096 * buf.lines.len() / buf.text.len().max(1)).clamp(1, 64);
    let text = &buf.text;
    let parts: Vec<Part> = buf
        .lines
        .par_chunks(run)
        .map(|lines| {
            let mut part = Part {
                text: Vec::with_capacity(lines.len() * 84),
                summary: Summary::default(),
                errors: Vec::new(),
            };
            for &Span {
                line,
                start,
                end,
                cut,
            } in lines
            {
                match job.answer(line, &text[start..end], cut, &mut part.text) {
                    Ok(status) => part.summary.count(status),
                    Err(why) => {
                        part.summary.count(LineStatus::Invalid);
                        part.errors.push((line, why));
                    }
                }
            }
            part
        })
        .collect();
    let mut out = std::mem::take(&mut buf.out);
    out.clear();
    let mut done = Done {
        out: Vec::new(),
        summary: Summary::default(),
        errors: Vec::new(),
        bytes,
    };
    for part in parts {
        done.summary.merge(&part.summary);
        done.errors.extend(part.errors);
        out.extend_from_slice(&part.text);
    }
    done.out = out;
    (buf, done)
}

/// Answers every puzzle line of `input` (blank and comment lines skipped) with `job` on
/// `pool`, and hands each chunk's answers to `deliver` in input order as they complete.
/// Returns the totals; stops at the first read error (after delivering the chunks before it)
/// or delivery error.
///
/// ```
/// use dlx_sudoku::batch::{Input, LineJob, LineStatus, run};
/// use dlx_sudoku::parse::InputKind;
///
/// /// Writes the length of each line.
/// struct Len;
/// impl LineJob for Len {
///     fn answer(&self, _: usize, text: &[u8], _: bool, out: &mut Vec<u8>) -> Result<LineStatus, String> {
///         out.extend_from_slice(format!("{}\n", text.trim_ascii().len()).as_bytes());
///         Ok(LineStatus::Solved)
///     }
/// }
/// let input = Input::text("test".into(), "abc\n# note\nde\n", Some(InputKind::Lines));
/// let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let mut out = Vec::new();
/// let summary = run(input, &Len, &pool, |done| {
///     out.extend_from_slice(&done.out);
///     Ok(())
/// })
/// .unwrap();
/// assert_eq!((out.as_slice(), summary.puzzles), (&b"3\n2\n"[..], 2));
/// ```
// PERF: reading, answering and delivering overlap. Each worker takes the next chunk of lines
// from the shared reader and answers it (no barrier between chunks); the calling thread
// delivers the answered chunks in input order as they come. At most `IN_FLIGHT` chunks are
// between reading and delivery. Once the input has ended, the workers left help with the
// chunks still being answered (a chunk's runs of lines are rayon tasks). A reader thread
// handing chunks to the pool instead cost its workers 8% of their time waiting (`perf sched`).
pub fn run<J: LineJob>(
    input: Input,
    job: &J,
    pool: &rayon::ThreadPool,
    mut deliver: impl FnMut(&Done) -> io::Result<()>,
) -> Result<Summary, BatchError> {
    let threads = pool.current_num_threads();
    let mut summary = Summary::default();
    let (done_tx, done_rx) = mpsc::channel::<(usize, Result<(Buffers, Done), InputError>)>();
    // The buffers of a chunk in flight: a worker takes a set before reading, the delivery
    // gives it back after delivering.
    let (token_tx, token_rx) = mpsc::sync_channel::<Buffers>(IN_FLIGHT);
    for _ in 0..IN_FLIGHT {
        let _ = token_tx.send(Buffers::default());
    }
    let feed = Mutex::new(Feed {
        reader: Reader::new(input),
        seq: 0,
        free: token_rx,
        ended: false,
    });
    std::thread::scope(|scope| -> Result<(), BatchError> {
        let feed = &feed;
        scope.spawn(move || {
            pool.scope(|tasks| {
                for _ in 0..threads {
                    let tx = done_tx.clone();
                    tasks.spawn(move |_| {
                        loop {
                            let next = feed.lock().unwrap_or_else(PoisonError::into_inner).next();
                            let Some((seq, chunk)) = next else { break };
                            let done = chunk.map(|lines| answer_chunk(job, lines));
                            if tx.send((seq, done)).is_err() {
                                break;
                            }
                        }
                    });
                }
                drop(done_tx);
            });
        });
        let token_tx = token_tx;
        let mut next = 0;
        let mut waiting = std::collections::BTreeMap::new();
        // Delivering on this thread, in input order; returning drops `done_rx` and
        // `token_tx`, which stops the workers.
        for (seq, done) in done_rx {
            waiting.insert(seq, done);
            while let Some(done) = waiting.remove(&next) {
                next += 1;
                let (mut buf, done) = done?;
                summary.merge(&done.summary);
                deliver(&done)?;
                buf.out = done.out;
                let _ = token_tx.send(buf);
            }
        }
        Ok(())
    })?;
    Ok(summary)
}
