//! PBN 2.1, LIN and JSON for Tenace (being written).
