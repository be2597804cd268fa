//! Unit tests of `src/backtrack.rs`.

use dlx_sudoku::backtrack::*;
use dlx_sudoku::check::givens_masks;
use dlx_sudoku::grid::Grid;
use dlx_sudoku::grid::Shape;
use std::ops::ControlFlow;

struct Count(u64);
impl CellEvents for Count {
    fn solution(&mut self, _: &[u8]) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
}

#[test]
fn empty_4x4_has_288_solutions_both_ways() {
    let g = Grid::empty(Shape::new(2, 2).unwrap());
    let m = givens_masks(&g).unwrap();
    let mut plain = Count(0);
    let (end, _) = search::<_, false>(&g, &m, None, None, &mut plain);
    assert_eq!(end, End::Complete);
    let mut mrv = Count(0);
    let (end, _) = search::<_, true>(&g, &m, None, None, &mut mrv);
    assert_eq!(end, End::Complete);
    assert_eq!((plain.0, mrv.0), (288, 288));
}

#[test]
fn budget_stops_the_search() {
    let g = Grid::empty(Shape::new(2, 2).unwrap());
    let m = givens_masks(&g).unwrap();
    let (end, stats) = search::<_, true>(&g, &m, Some(10), None, &mut Count(0));
    assert_eq!(end, End::Budget);
    assert_eq!(stats.nodes, 10);
}
