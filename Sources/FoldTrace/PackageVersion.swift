/// The package's version, which `tracecat --version` and `foldsim --version` print: the tag a dependent
/// package resolves (`from: "0.2.0"`).
package let packageVersion = "0.2.0"
