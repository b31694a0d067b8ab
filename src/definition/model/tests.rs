use super::*;

#[test]
fn powers_are_named_as_ksolve_names_them() {
    let names = |n: usize| (1..n).map(|k| power_name("M", k, n)).collect::<Vec<_>>();
    assert_eq!(names(2), ["M"]);
    assert_eq!(names(3), ["M", "M'"]);
    assert_eq!(names(4), ["M", "M2", "M'"]);
    assert_eq!(names(5), ["M", "M2", "M2'", "M'"]);
    assert_eq!(names(7), ["M", "M2", "M3", "M3'", "M2'", "M'"]);
    assert_eq!(names(8), ["M", "M2", "M3", "M4", "M3'", "M2'", "M'"]);
}

#[test]
fn an_order_counts_cycles_and_their_twists() {
    let sets = vec![Set {
        name: "C".into(),
        pieces: 4,
        orientations: 3,
    }];
    let cycle = |twist: Vec<u8>| Action {
        from: vec![vec![1, 2, 3, 0]],
        twist: vec![twist],
    };
    assert_eq!(order(&cycle(vec![0, 0, 0, 0]), &sets), 4);
    assert_eq!(order(&cycle(vec![1, 0, 0, 0]), &sets), 12);
    assert_eq!(order(&cycle(vec![1, 2, 0, 0]), &sets), 4);
    let twist = Action {
        from: vec![vec![0, 1, 2, 3]],
        twist: vec![vec![1, 0, 0, 0]],
    };
    assert_eq!(order(&twist, &sets), 3);
}
