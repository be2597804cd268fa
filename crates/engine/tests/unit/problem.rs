//! Unit tests of `src/problem.rs`.

use dlx_engine::problem::*;

#[test]
fn builder_rejects_bad_options_and_keeps_going() {
    let mut b = ProblemBuilder::new();
    let a = b.primary("a").unwrap();
    let x = b.secondary("x").unwrap();
    assert_eq!(
        b.primary("b"),
        Err(BuildError::PrimaryAfterSecondary("b".into()))
    );
    assert_eq!(b.secondary("a"), Err(BuildError::DuplicateItem("a".into())));
    let c = b.color("c");
    assert_eq!(
        b.option(&[(a, Some(c))]),
        Err(BuildError::ColorOnPrimary("a".into()))
    );
    assert_eq!(b.option(&[(x, None)]), Err(BuildError::NoPrimary));
    assert_eq!(
        b.option(&[(a, None), (a, None)]),
        Err(BuildError::RepeatedItem("a".into()))
    );
    assert_eq!(b.option(&[(a, None), (x, Some(c))]), Ok(OptionId(0)));
    assert_eq!(b.option(&[(x, None), (a, None)]), Ok(OptionId(1)));
    let p = b.build();
    assert_eq!(p.option_count(), 2);
    assert_eq!(p.display_option(OptionId(0)).to_string(), "a x:c");
    assert_eq!(p.display_option(OptionId(1)).to_string(), "x a");
}

/// Issue 22: the builder refuses what Knuth's format refuses, control characters in item
/// and color names, with the item named (escaped), and keeps going.
#[test]
fn control_characters_in_names_are_refused() {
    let mut b = ProblemBuilder::new();
    let a = b.primary("a").unwrap();
    let err = b.primary("b\0c").unwrap_err();
    assert_eq!(
        err,
        BuildError::ControlCharacter {
            item: "b\\0c".into(),
            color: None
        }
    );
    assert_eq!(
        err.to_string(),
        "control character in the name of item `b\\0c`"
    );
    assert!(b.secondary("\u{1b}[31m").is_err());
    assert_eq!(b.item_count(), 1, "a refused item is not declared");
    let x = b.secondary("x").unwrap();
    let bad = b.color("red\n");
    let err = b.option(&[(a, None), (x, Some(bad))]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "control character in color `red\\n` of item `x`"
    );
    assert!(b.option_by_names(&["a", "x:\u{7f}"]).is_err());
    // The builder is unchanged: the same option with a good color goes in.
    let good = b.color("red");
    assert_eq!(b.option(&[(a, None), (x, Some(good))]), Ok(OptionId(0)));
    let p = b.build();
    assert_eq!(p.display_option(OptionId(0)).to_string(), "a x:red");
}

#[test]
fn names_are_found_and_kept_in_order() {
    let mut b = ProblemBuilder::with_capacity(2, 4, 1, 2);
    let names: Vec<String> = (0..1000).map(|k| format!("i{k}")).collect();
    for (k, name) in names.iter().enumerate() {
        assert_eq!(b.primary(name), Ok(ItemId(k as u32)));
    }
    assert_eq!(
        b.primary("i999"),
        Err(BuildError::DuplicateItem("i999".into()))
    );
    assert_eq!(b.item("i0"), Some(ItemId(0)));
    assert_eq!(b.item("i"), None);
    b.option_by_names(&["i7", "i500"]).unwrap();
    let p = b.build();
    assert_eq!(p.item_count(), 1000);
    for (k, name) in names.iter().enumerate() {
        assert_eq!(p.item_name(ItemId(k as u32)), name);
    }
    assert_eq!(p.item_by_name("i500"), Some(ItemId(500)));
    assert_eq!(p.display_option(OptionId(0)).to_string(), "i7 i500");
}
