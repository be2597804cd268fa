//! Unit tests of `src/format.rs`.

use dlx_engine::format::*;

fn err(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn errors_name_line_column_and_item() {
    assert_eq!(
        err("| only a comment\n"),
        "line 1, column 1: no items: the first line that is not a comment must name the items"
    );
    assert_eq!(
        err("a b a\n"),
        "line 1, column 5: item `a` is declared twice"
    );
    assert_eq!(
        err("a | b | c\n"),
        "line 1, column 7: a second `|` on the item line"
    );
    assert_eq!(
        err("a b | x\na  zz\n"),
        "line 2, column 4: unknown item `zz`"
    );
    assert_eq!(
        err("a b | x\na b a\n"),
        "line 2, column 5: item `a` appears twice in this option"
    );
    assert_eq!(
        err("a b | x\nb a:red\n"),
        "line 2, column 3: primary item `a` cannot have a color"
    );
    assert_eq!(
        err("a b | x\nb x:\n"),
        "line 2, column 3: empty name or color in `x:`"
    );
    assert_eq!(
        err("a x:y\n"),
        "line 1, column 3: item name `x:y` contains `:`"
    );
    let long = format!("a\n{}\n", "a ".repeat(MAX_LINE));
    assert!(err(&long).starts_with("line 2, column 1: line is too long"));
}

/// Regression test for issue 22, item 13: NUL bytes were accepted in names and echoed raw.
#[test]
fn issue_22_control_characters_in_names_are_refused_and_escaped() {
    assert_eq!(
        err("a b\0c\n"),
        "line 1, column 4: control character `\\0` in `b\\0c`"
    );
    assert_eq!(
        err("a b\na \u{1b}[31m\n"),
        "line 2, column 3: control character `\\u{1b}` in `\\u{1b}[31m`"
    );
    assert!(!err("a\na\0\n").contains('\0'));
}

/// Regression test for issue 22, item 15: the duplicate in an option is pointed at its
/// second copy; lone carriage returns and multiplicities get errors of their own.
#[test]
fn issue_22_second_copy_lone_cr_and_multiplicities() {
    assert_eq!(
        err("a b | x\na b a a\n"),
        "line 2, column 5: item `a` appears twice in this option"
    );
    assert_eq!(
        err("a b\ra\rb\r"),
        "line 1, column 4: a carriage return without a line feed: lines must end with \\n or \\r\\n"
    );
    assert!(parse("a b\r\na\r\nb\r\n").is_ok());
    assert_eq!(
        err("2|R0 2|R1\nR0 R1\n"),
        "line 1, column 1: multiplicities (`2|R0`, Knuth's DLX3) are not supported yet"
    );
    assert_eq!(
        err("a 1:3|b\na b\n"),
        "line 1, column 3: multiplicities (`1:3|b`, Knuth's DLX3) are not supported yet"
    );
    assert!(parse("a b|x\na x\n").is_ok());
}

#[test]
fn option_without_primary_is_dropped_with_warning() {
    let (p, w) = parse("| c\na | x\nx\na x\n").unwrap();
    assert_eq!(p.option_count(), 1);
    assert_eq!(w, vec![Warning::NoPrimary { line: 3 }]);
}

#[test]
fn write_then_parse_round_trips() {
    let text = "a b | x y\na x:red\nb y\nb x:blue y\n";
    let (p, _) = parse(text).unwrap();
    let written = write(&p, Some("test"));
    assert_eq!(written, format!("| test\n{text}"));
    let (q, _) = parse(&written).unwrap();
    assert_eq!(p, q);
}

#[test]
fn bar_glued_to_names_and_no_secondary() {
    let (p, _) = parse("a b|x\n").unwrap();
    assert_eq!((p.item_count(), p.primary_count()), (3, 2));
    let (p, _) = parse("a b\n").unwrap();
    assert_eq!((p.item_count(), p.primary_count()), (2, 2));
    assert_eq!(write(&p, None), "a b\n");
}
