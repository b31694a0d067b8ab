//! Every integration test, in one binary: the judges' data files, the tables against
//! independent searches, the tools, the command line and the library's interface.

mod api;
mod bad_input;
mod batch;
mod budget;
mod catalogue;
mod cli;
mod common;
mod data;
mod definition_extremes;
mod definition_rules;
mod definition_tasks;
mod definitions;
mod eight;
mod every;
mod fifteen;
mod installed;
mod korf50;
mod ksolve;
mod layers;
mod pattern_catalogues;
mod patterns;
mod regressions;
mod rotation;
mod search;
mod serve;
mod sizes;
mod symmetry;
mod tasks;
mod temporaries;
mod tools;
