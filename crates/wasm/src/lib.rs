//! The engine in a browser: [`call`] runs any operation of `dlx-api` by name on a JSON
//! request under the browser's caps (`dlx_api::Caps::browser`: no node or time budget, the
//! page stops its Web Worker to cancel) and answers JSON text, the same answers as
//! `dlx serve`'s JSON API.
//!
//! Built for `wasm32-unknown-unknown` with nothing but cargo
//! (`cargo build -p dlx-wasm --target wasm32-unknown-unknown --profile web`), it exports a plain C
//! ABI that a hand-written worker (`crates/server/assets/worker.js`) drives; no bindings
//! generator. The module's exports:
//!
//! - `dlx_alloc(len) -> ptr`: `len` bytes of the module's memory for the caller to write
//!   (the operation's name, the request's JSON), given back with `dlx_free(ptr, len)`;
//! - `dlx_call(op_ptr, op_len, body_ptr, body_len, progress) -> ptr`: runs [`call`] on the two
//!   UTF-8 texts and returns where its answer starts; `dlx_answer_len()` is its length in
//!   bytes. The answer stays there until the next call. `progress` (0 or 1) asks for progress
//!   reports.
//!
//! And its imports, all from the module `dlx`: `progress(ptr, len)`, called with a JSON text
//! of where a long search stands (at most every `dlx_api::run::PROGRESS_EVERY`), and the two
//! clocks `dlx-time` reads, `performance_now()` and `Date.now()` as `date_now()`.
//!
//! A panic aborts the module (a trap in JavaScript); the worker answers with an error and
//! starts a fresh instance. Natively the same [`call`] is a plain Rust function, which the
//! tests call.

/// Runs operation `op` (`meta`, `check`, `solve`, `trace`, `explain`, `hint`, `rate`,
/// `generate`, `xcc_solve`, `xcc_trace`, `queens`) on the JSON request `body`. The answer is
/// JSON text: `{"ok": ANSWER}` with the operation's answer, or `{"error": ERROR_BODY}` with
/// the API's error body (message, and the field, line, column and cells at fault).
/// `progress`, when given, is called with a JSON text of where a long search stands (at most
/// every `dlx_api::run::PROGRESS_EVERY`).
pub fn call(op: &str, body: &str, progress: Option<&mut dyn FnMut(&str)>) -> String {
    let caps = dlx_api::Caps::browser();
    match progress {
        Some(sink) => {
            let mut report = |p: &dlx_api::Progress| {
                if let Ok(text) = serde_json::to_string(p) {
                    sink(&text);
                }
            };
            envelope(dlx_api::json::call(op, body, &caps, Some(&mut report)))
        }
        None => envelope(dlx_api::json::call(op, body, &caps, None)),
    }
}

/// The answer, or the refusal, in the one envelope the page reads.
fn envelope(result: Result<String, dlx_api::ErrorBody>) -> String {
    match result {
        Ok(answer) => format!(r#"{{"ok":{answer}}}"#),
        Err(error) => match serde_json::to_string(&error) {
            Ok(text) => format!(r#"{{"error":{text}}}"#),
            Err(e) => {
                serde_json::json!({"error": {"error": format!("internal error: {e}")}}).to_string()
            }
        },
    }
}

/// The C ABI of the module (see the crate's documentation); only on WebAssembly, where the
/// host provides the imports.
#[cfg(target_arch = "wasm32")]
mod abi {
    use std::cell::RefCell;

    #[link(wasm_import_module = "dlx")]
    unsafe extern "C" {
        /// Hands the host `len` bytes of UTF-8 JSON at `ptr`: a progress report.
        #[link_name = "progress"]
        fn host_progress(ptr: *const u8, len: usize);
    }

    thread_local! {
        /// The last answer, read by the host between two calls.
        static ANSWER: RefCell<String> = const { RefCell::new(String::new()) };
    }

    /// `len` bytes of fresh memory for the host to write (null if `len` is 0).
    #[unsafe(no_mangle)]
    pub extern "C" fn dlx_alloc(len: usize) -> *mut u8 {
        if len == 0 {
            return std::ptr::null_mut();
        }
        let mut bytes = Vec::<u8>::with_capacity(len);
        let ptr = bytes.as_mut_ptr();
        std::mem::forget(bytes);
        ptr
    }

    /// Gives back memory from [`dlx_alloc`].
    ///
    /// # Safety
    ///
    /// `ptr` and `len` are a pair [`dlx_alloc`] returned, not given back before.
    #[unsafe(no_mangle)]
    pub unsafe extern "C" fn dlx_free(ptr: *mut u8, len: usize) {
        if !ptr.is_null() && len > 0 {
            // SAFETY: the caller's promise: a live allocation of capacity `len` from dlx_alloc.
            drop(unsafe { Vec::from_raw_parts(ptr, 0, len) });
        }
    }

    /// The UTF-8 text of `len` bytes at `ptr`, or a sentence saying why not.
    ///
    /// # Safety
    ///
    /// `ptr` points to `len` readable bytes (or `len` is 0).
    unsafe fn text<'a>(ptr: *const u8, len: usize, what: &str) -> Result<&'a str, String> {
        if len == 0 {
            return Ok("");
        }
        // SAFETY: the caller's promise.
        let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
        std::str::from_utf8(bytes).map_err(|e| format!("the {what} is not UTF-8: {e}"))
    }

    /// Runs [`call`](super::call) and returns where its answer starts ([`dlx_answer_len`]
    /// bytes of UTF-8 JSON, kept until the next call).
    ///
    /// # Safety
    ///
    /// `op_ptr`/`op_len` and `body_ptr`/`body_len` are readable memory (from [`dlx_alloc`]).
    #[unsafe(no_mangle)]
    pub unsafe extern "C" fn dlx_call(
        op_ptr: *const u8,
        op_len: usize,
        body_ptr: *const u8,
        body_len: usize,
        progress: u32,
    ) -> *const u8 {
        // SAFETY: the caller's promise, passed on.
        let texts = unsafe { text(op_ptr, op_len, "operation") }
            .and_then(|op| Ok((op, unsafe { text(body_ptr, body_len, "request")? })));
        let answer = match texts {
            Ok((op, body)) => {
                let mut report = |json: &str| {
                    // SAFETY: the host reads `len` bytes at `ptr` during the call.
                    unsafe { host_progress(json.as_ptr(), json.len()) }
                };
                let sink: Option<&mut dyn FnMut(&str)> = if progress != 0 {
                    Some(&mut report)
                } else {
                    None
                };
                super::call(op, body, sink)
            }
            Err(e) => serde_json::json!({"error": {"error": e}}).to_string(),
        };
        ANSWER.with_borrow_mut(|a| {
            *a = answer;
            a.as_ptr()
        })
    }

    /// The length in bytes of the last answer of [`dlx_call`].
    #[unsafe(no_mangle)]
    pub extern "C" fn dlx_answer_len() -> usize {
        ANSWER.with_borrow(String::len)
    }
}
