//! The states of one orbit that a goal accepts, enumerated without building them all:
//! what a view's goal ranks are made of.

use super::*;

/// Calls `visit` with each state of `orbit` that `goal` accepts, until it returns
/// false.
pub(super) fn visit_goal_states(
    orbit: &Orbit,
    goal: &Goal,
    visit: &mut dyn FnMut(&Scratch) -> bool,
) {
    let n = orbit.piece_slots.len();
    let (mut fixed, mut left) = (vec![None; n], orbit.counts.clone());
    let mut blanks_left = orbit.blanks;
    let wanted = |i: usize| -> (Option<u8>, Option<u8>) {
        let p = usize::from(orbit.positions[i]);
        (goal.pieces[orbit.set][p], goal.orientation[orbit.set][p])
    };
    for (i, slot) in fixed.iter_mut().enumerate() {
        if let (Some(label), _) = wanted(i) {
            let c = orbit.class[usize::from(label)];
            let count = match c {
                BLANK => &mut blanks_left,
                c => &mut left[usize::from(c)],
            };
            if *count == 0 {
                return;
            }
            *count -= 1;
            *slot = Some(c);
        }
    }
    let mut current = fixed.iter().map(|c| c.unwrap_or(0)).collect::<Vec<u8>>();
    let mut arranged = |classes: &[u8]| -> bool {
        let mut turned = vec![orbit.constant.unwrap_or(0); n];
        let free: Vec<usize> = (0..n)
            .filter(|&i| {
                let (_, o) = wanted(i);
                match (orbit.digits && classes[i] != BLANK, o) {
                    (false, _) => false,
                    (true, Some(o)) => {
                        turned[i] = o;
                        false
                    }
                    (true, None) => true,
                }
            })
            .collect();
        let ways = u64::from(orbit.modulus).saturating_pow(free.len() as u32);
        for way in 0..ways {
            let mut w = way;
            for &i in &free {
                turned[i] = (w % u64::from(orbit.modulus)) as u8;
                w /= u64::from(orbit.modulus);
            }
            let mut state = Scratch::new(n, 0);
            state.classes[..n].copy_from_slice(classes);
            state.turned[..n].copy_from_slice(&turned);
            if !visit(&state) {
                return false;
            }
        }
        true
    };
    fill(
        &fixed,
        0,
        &mut left,
        &mut blanks_left,
        &mut current,
        &mut arranged,
    );
}

/// Every way to put the classes `left` (and blanks) on the positions `fixed` leaves
/// free, from position `i` on, each handed to `out` until it returns false (and then
/// false).
pub(super) fn fill(
    fixed: &[Option<u8>],
    i: usize,
    left: &mut [u8],
    blanks: &mut u8,
    current: &mut Vec<u8>,
    out: &mut dyn FnMut(&[u8]) -> bool,
) -> bool {
    if i == fixed.len() {
        return out(current);
    }
    if let Some(c) = fixed[i] {
        current[i] = c;
        return fill(fixed, i + 1, left, blanks, current, out);
    }
    for c in 0..left.len() {
        if left[c] > 0 {
            left[c] -= 1;
            current[i] = c as u8;
            let go_on = fill(fixed, i + 1, left, blanks, current, out);
            left[c] += 1;
            if !go_on {
                return false;
            }
        }
    }
    if *blanks > 0 {
        *blanks -= 1;
        current[i] = BLANK;
        let go_on = fill(fixed, i + 1, left, blanks, current, out);
        *blanks += 1;
        return go_on;
    }
    true
}
