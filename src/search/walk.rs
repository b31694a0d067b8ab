//! The greedy walk down an exact distance table.

/// Walks from a state at `distance` to the goal: at every step the first move, in the
/// order of `moves`, whose `step` reaches a state one closer. Every step lowers the
/// distance by one, so the path is shortest; every step takes the smallest letter that
/// still allows a shortest path, so the path is the lexicographically smallest of them.
///
/// `step` returns the state a move leads to and its distance, or `None` for a move
/// that is not legal there. The result is the path and the state it ends in, or `None`
/// when at some state no move leads one closer, which a correct table never allows.
pub fn greedy_walk<S, M: Copy>(
    mut state: S,
    mut distance: u8,
    moves: &[M],
    mut step: impl FnMut(&S, M) -> Option<(S, u8)>,
) -> Option<(Vec<M>, S)> {
    let mut path = Vec::with_capacity(usize::from(distance));
    while distance > 0 {
        let (next, chosen) = moves.iter().find_map(|&m| {
            step(&state, m)
                .filter(|&(_, d)| d == distance - 1)
                .map(|(next, _)| (next, m))
        })?;
        path.push(chosen);
        state = next;
        distance -= 1;
    }
    Some((path, state))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walk_takes_first_move_that_gets_closer() {
        // On a line, from 5: "down" (-1) gets closer, "up" (+1) does not.
        let path = greedy_walk(5u32, 5, &['u', 'd'], |&s, m| {
            let next = if m == 'u' { s + 1 } else { s.checked_sub(1)? };
            Some((next, next as u8))
        });
        assert_eq!(path, Some((vec!['d'; 5], 0)));
    }

    #[test]
    fn walk_reports_a_table_with_no_way_down() {
        let path = greedy_walk(3u32, 3, &['s'], |&s, _| Some((s, 3)));
        assert_eq!(path, None);
    }
}
