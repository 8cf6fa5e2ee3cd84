//! The handlers of the API, grouped by what they are for; [`crate::api`] puts them in its
//! route table. Each reads its request ([`crate::request`]), runs the heavy ones through
//! [`crate::state::State`], calls the library and answers JSON (or a picture).

pub(crate) mod formats;
pub(crate) mod make;
pub(crate) mod solve;
pub(crate) mod teach;
