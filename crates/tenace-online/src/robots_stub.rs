// TEMPORARY until tenace-robot lands.
impl crate::Room {
    pub fn robot_action(&self) -> Option<(tenace_core::Seat, crate::Action)> {
        None
    }
}
