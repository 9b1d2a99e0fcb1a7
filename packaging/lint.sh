#!/bin/sh
# The style check `sh packaging/dev.sh test` (and so CI) runs before the tests: no Swift line of Sources/ or Tests/
# over 120 columns, swift-format's rules as .swift-format sets them, and CCairo's header generated from the headers.
#
# swift-format's pretty-printer findings (how continuation lines are indented, where it would break a line) are not
# checked: the code aligns continuations with the opening parenthesis, which swift-format cannot express, and
# reformatting every file is not worth the churn. The line length is checked here instead, on the text as written.
#
# The rules .swift-format turns off, and why:
#   AllPublicDeclarationsHaveDocumentation  self-explaining members (`public var red`) are documented by their type
#   BeginDocumentationCommentWithOneLineSummary  summaries are a sentence or two, wrapped at 120 columns
#   OneVariableDeclarationPerLine   `var x = 0, y = 0` for coordinates and paired values
#   DoNotUseSemicolons              one-line accessors: `set { scene.setStyle(…); setNeedsUpdate() }`
#   NeverForceUnwrap, NeverUseForceTry  for values that cannot fail (constants, test fixtures)
#   ValidateDocumentationComments   it asks for every parameter and a `Throws:` once one parameter is documented;
#                                   the code documents only the parameters that need it, and typed throws say the rest
#   AlwaysUseLowerCamelCase         C names Swift must use as they are (`LLVMFuzzerRunDriver`)
#   OrderedImports, ReplaceForEachWithForLoop, UseLetInEveryBoundCaseVariable, NoAccessLevelOnExtensionDeclaration
#                                   1 to 5 places each; can be turned on once those lines are fixed
set -eu
cd "$(dirname "$0")/.."

. packaging/swift-path.sh

status=0

# Characters, not bytes: the sources use ×, → and ≤.
long=$(LC_ALL=C.UTF-8 grep -rnE --include='*.swift' '^.{121}' Sources Tests || true)
if [ -n "$long" ]; then
    echo "$long" | sed 's/^\([^:]*:[0-9]*\):.*/\1: line longer than 120 columns/' >&2
    status=1
fi

if ! swift format lint --strict --debug-disable-pretty-print --configuration .swift-format \
    --recursive Sources Tests Package.swift; then
    status=1
fi

# CCairo's self-contained header must say what the installed cairo and Pango headers say.
if ! python3 Sources/CCairo/generate-shim.py --check >/dev/null; then
    status=1
fi

if [ $status -eq 0 ]; then echo "lint.sh: style checks passed"; fi
exit $status
