//! What the test binaries of `dlx-server` share.

#![allow(dead_code)]

pub mod web;
