//! `tablesolve serve`, started on a free port: its answers against the command's
//! ([`answers`]), and under load ([`load`]). Here: the server and a client.

mod answers;
mod cubing_js;
mod hardening;
mod load;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command};

use crate::common::{start_with, tables};

/// A service started on a free port, stopped when dropped.
pub struct Server {
    child: Child,
    pub address: String,
}

impl Server {
    pub fn start(args: &[&str]) -> Server {
        Server::start_in(tables(), args)
    }

    /// One whose table directory is `tables`.
    pub fn start_in(tables: &std::path::Path, args: &[&str]) -> Server {
        Server::start_with(tables, args, &[])
    }

    /// One whose table directory is `tables`, with these variables in its environment.
    pub fn start_with(tables: &std::path::Path, args: &[&str], env: &[(&str, &str)]) -> Server {
        // Nothing is read from its input or written to its output.
        let args = [&["serve", "--port", "0"], args].concat();
        let mut child = start_with(tables, &args, env);
        // The address is on the first line but for what is served besides.
        let mut line = String::new();
        let mut stderr = BufReader::new(child.stderr.as_mut().unwrap());
        let besides = [
            "answering the definitions",
            "drawing the puzzles cubing.js knows",
        ];
        while line.is_empty() || besides.iter().any(|said| line.contains(said)) {
            line.clear();
            stderr.read_line(&mut line).unwrap();
        }
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_owned();
        Server { child, address }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGTERM, waits for the exit and gives what it wrote on standard error
    /// after the address.
    pub fn log(mut self) -> String {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let mut log = String::new();
        let stderr = self.child.stderr.as_mut().unwrap();
        std::io::Read::read_to_string(stderr, &mut log).unwrap();
        log
    }

    /// Sends SIGTERM and waits for the exit status.
    pub fn terminate(mut self) -> std::process::ExitStatus {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        self.child.wait().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A client that reads every status as a response, not as an error.
pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into()
}

/// Status, `Retry-After` and body of a response.
pub fn read(mut response: ureq::http::Response<ureq::Body>) -> (u16, Option<String>, String) {
    let retry = response
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_owned());
    let body = response
        .body_mut()
        .with_config()
        .limit(u64::MAX)
        .read_to_string()
        .unwrap();
    (response.status().as_u16(), retry, body)
}

pub fn post(server: &Server, path: &str, body: &[u8]) -> (u16, String) {
    let (status, _, body) = read(agent().post(server.url(path)).send(body).unwrap());
    (status, body)
}

pub fn get(server: &Server, path: &str) -> (u16, Option<String>, String) {
    read(agent().get(server.url(path)).call().unwrap())
}

/// Percent-encodes a query value.
pub fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
